//! Every rule of grammar/timing.pest carries a `///` doc comment (pest turns them into docs).

#[test]
fn every_grammar_rule_is_documented() {
    let grammar = include_str!("../../grammar/timing.pest");
    let lines: Vec<&str> = grammar.lines().collect();
    let mut rules = 0;
    let undocumented: Vec<&str> = lines
        .iter()
        .enumerate()
        .filter_map(|(i, line)| {
            let (name, rest) = line.split_once('=')?;
            let name = name.trim();
            let is_rule = !name.is_empty()
                && !line.starts_with(' ')
                && name.chars().all(|c| c.is_ascii_lowercase() || c == '_')
                && rest.trim_start().starts_with(['{', '_', '@', '$', '!']);
            if !is_rule {
                return None;
            }
            rules += 1;
            let documented = i > 0 && lines[i - 1].starts_with("///");
            (!documented).then_some(name)
        })
        .collect();
    assert!(rules > 100, "the grammar's rules were read ({rules})");
    assert!(
        undocumented.is_empty(),
        "rules without a /// doc: {undocumented:?}"
    );
}
