//! The docs held to the code (issue 19 §4): `docs/rules.md` is what `phaselint rules --markdown`
//! prints, with a section for every rule; `docs/configuration.md` shows every key and value
//! `phaselint.toml` accepts; every `phaselint` command of a ```sh or ```console block in the README
//! and in `docs/` runs from the repository's root with its documented exit code (and a ```console
//! block's output is what it prints); every relative link leads to a file, and to a heading there;
//! every phaselint.toml a ```toml block shows holds to `phaselint config-schema` and is read.

use crate::cli;
use crate::json_schema;

use cli::{command, stdout, without_colour};
use phaselint::config::Config;
use phaselint::rules::registry;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(relative: &str) -> String {
    std::fs::read_to_string(root().join(relative))
        .unwrap_or_else(|error| panic!("{relative} is read: {error}"))
}

/// README.md and every page of docs/, as paths relative to the root, sorted.
fn pages() -> Vec<String> {
    let mut pages = vec!["README.md".to_string()];
    let mut docs: Vec<String> = std::fs::read_dir(root().join("docs"))
        .expect("docs/ is read")
        .map(|entry| entry.expect("a docs/ entry").file_name())
        .map(|name| name.to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/{name}"))
        .collect();
    docs.sort();
    assert!(docs.len() >= 10, "docs/ holds the reference: {docs:?}");
    pages.extend(docs);
    pages
}

/// A fenced block of a Markdown page: its info string (`sh`, `console`, ...), its lines and the
/// line of the page it starts on (1-based, the fence's).
struct Block {
    info: String,
    lines: Vec<String>,
    line: usize,
}

fn blocks(text: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut open: Option<Block> = None;
    for (index, line) in text.lines().enumerate() {
        let fence = line.trim_start().strip_prefix("```");
        match (&mut open, fence) {
            (None, Some(info)) => {
                open = Some(Block {
                    info: info.trim().to_string(),
                    lines: Vec::new(),
                    line: index + 1,
                })
            }
            (Some(_), Some(_)) => blocks.extend(open.take()),
            (Some(block), None) => block.lines.push(line.to_string()),
            (None, None) => {}
        }
    }
    blocks
}

/// The lines of a page with their line numbers, those of fenced blocks blanked: they hold no
/// heading and no link, and end a paragraph.
fn prose(text: &str) -> Vec<(usize, &str)> {
    let mut fenced = false;
    let mut out = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let fence = line.trim_start().starts_with("```");
        fenced ^= fence;
        out.push((index + 1, if fenced || fence { "" } else { line }));
    }
    out
}

// ---------------------------------------------------------------------------------------------
// docs/rules.md
// ---------------------------------------------------------------------------------------------

#[test]
fn the_rules_page_is_what_phaselint_rules_markdown_prints() {
    let output = command(root(), &["rules", "--markdown"])
        .output()
        .expect("the phaselint binary runs");
    assert!(output.status.success(), "{output:?}");
    let generated = stdout(&output);
    let committed = read("docs/rules.md");
    if generated != committed {
        let first = generated
            .lines()
            .zip(committed.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(generated.lines().count().min(committed.lines().count()));
        panic!(
            "docs/rules.md is not what the rules' docs give, from line {}:\n  generated: {:?}\n  committed: {:?}\n\
             run `cargo run -- rules --markdown > docs/rules.md`",
            first + 1,
            generated.lines().nth(first),
            committed.lines().nth(first)
        );
    }
}

#[test]
fn every_rule_has_its_section_in_the_rules_page() {
    let page = read("docs/rules.md");
    let headings: BTreeSet<&str> = prose(&page)
        .into_iter()
        .filter_map(|(_, line)| line.strip_prefix("## "))
        .collect();
    let mut missing = Vec::new();
    for rule in registry() {
        let heading = format!("{} {}", rule.code, rule.name);
        let section = page
            .split(&format!("\n## {heading}\n"))
            .nth(1)
            .map(|rest| rest.split("\n## ").next().unwrap_or(rest));
        match section {
            Some(section) if headings.contains(heading.as_str()) => {
                // Its summary, and each heading of its docs one level down (### What it does).
                assert!(section.contains(rule.summary), "{heading}: no summary");
                for line in rule.docs.lines().filter(|line| line.starts_with("## ")) {
                    assert!(
                        section.contains(&format!("#{line}\n")),
                        "{heading}: no {line:?}"
                    );
                }
            }
            _ => missing.push(heading),
        }
    }
    assert!(
        missing.is_empty(),
        "no section in docs/rules.md: {missing:?}"
    );
    assert_eq!(headings.len(), registry().len(), "one section a rule");
}

// ---------------------------------------------------------------------------------------------
// docs/configuration.md
// ---------------------------------------------------------------------------------------------

/// The names between backticks, or between double quotes, after "expected" in a message of
/// `Config::parse`: what serde and the config's own checks list as accepted.
fn expected_names(message: &str) -> Vec<String> {
    let Some((_, list)) = message.split_once("expected") else {
        return Vec::new();
    };
    let quote = if list.contains('`') { '`' } else { '"' };
    list.split(quote)
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

fn parse_error(text: &str) -> String {
    match Config::parse(Path::new("phaselint.toml"), text) {
        Ok(_) => panic!("{text:?} is not a valid config"),
        Err(error) => error.message,
    }
}

const PROBE: &str = "phaselint-docs-probe";

/// Every key `phaselint.toml` accepts, as `(table, key)` (`""` for the top level), read from the
/// unknown-key errors of the config's own parser: the top level lists its keys, and each key
/// that is a table (`[files]`) or an array of tables (`[[ignore]]`) lists its own.
fn accepted_keys() -> BTreeSet<(String, String)> {
    let top = expected_names(&parse_error(&format!("{PROBE} = 1\n")));
    assert!(top.len() >= 4, "the top-level keys are listed: {top:?}");
    let mut keys: BTreeSet<(String, String)> =
        top.iter().map(|key| (String::new(), key.clone())).collect();
    for key in &top {
        for header in [format!("[{key}]"), format!("[[{key}]]")] {
            let message = parse_error(&format!("{header}\n{PROBE} = 1\n"));
            if message.starts_with(&format!("unknown field `{PROBE}`")) {
                keys.extend(
                    expected_names(&message)
                        .into_iter()
                        .map(|inner| (key.clone(), inner)),
                );
            }
        }
    }
    keys
}

/// The keys the TOML blocks of a page write, as `(table, key)`, a table's header giving
/// `("", table)`.
fn written_keys(page: &str) -> BTreeSet<(String, String)> {
    let mut keys = BTreeSet::new();
    for block in blocks(page)
        .into_iter()
        .filter(|block| block.info == "toml")
    {
        let mut table = String::new();
        for line in &block.lines {
            let line = line.trim();
            if line.starts_with('[') {
                table = line
                    .split(']')
                    .next()
                    .unwrap_or_default()
                    .trim_start_matches('[')
                    .to_string();
                keys.insert((String::new(), table.clone()));
            } else if let Some((key, _)) = line.split_once('=') {
                keys.insert((table.clone(), key.trim().to_string()));
            }
        }
    }
    keys
}

#[test]
fn the_configuration_page_shows_every_key_the_config_accepts() {
    let accepted = accepted_keys();
    assert!(
        accepted.iter().any(|(table, _)| !table.is_empty()),
        "keys of tables are listed too: {accepted:?}"
    );
    let written = written_keys(&read("docs/configuration.md"));
    let missing: Vec<String> = accepted
        .difference(&written)
        .map(|(table, key)| match table.as_str() {
            "" => key.clone(),
            table => format!("[{table}] {key}"),
        })
        .collect();
    assert!(
        missing.is_empty(),
        "docs/configuration.md's example config lacks {missing:?}"
    );
}

#[test]
fn the_configuration_page_names_every_edition_and_level() {
    let page = read("docs/configuration.md");
    let editions = expected_names(&parse_error(&format!("edition = \"{PROBE}\"\n")));
    let levels = expected_names(&parse_error(&format!("[rules]\nPL001 = \"{PROBE}\"\n")));
    assert!(
        editions.len() >= 3 && levels.len() >= 4,
        "{editions:?} {levels:?}"
    );
    let missing: Vec<&String> = editions
        .iter()
        .chain(&levels)
        .filter(|value| !page.contains(value.as_str()))
        .collect();
    assert!(
        missing.is_empty(),
        "docs/configuration.md does not name {missing:?}"
    );
}

/// ```toml blocks of the docs that are no phaselint.toml (page, first line).
const OTHER_TOML: &[(&str, &str)] = &[("docs/editor.md", "[language-server.phaselint]")];

/// ```toml blocks that show a broken phaselint.toml on purpose (page, a line of it).
const BROKEN_TOML: &[(&str, &str)] = &[("docs/rules.md", "obsolete-end-of-trun = \"off\"")];

#[test]
fn every_config_the_docs_show_holds_to_the_schema_and_the_reader() {
    let schema = phaselint::config::json_schema();
    let mut checked = 0;
    for page in pages() {
        for block in blocks(&read(&page))
            .into_iter()
            .filter(|block| block.info == "toml")
        {
            let at = format!("{page}:{}", block.line);
            let first = block.lines.first().map(String::as_str).unwrap_or_default();
            if OTHER_TOML.contains(&(page.as_str(), first)) {
                continue;
            }
            let text = block.lines.join("\n") + "\n";
            let found = json_schema::violations(&schema, &json_schema::toml_as_json(&text));
            let read = Config::parse(Path::new("phaselint.toml"), &text);
            let broken = BROKEN_TOML
                .iter()
                .any(|(name, line)| *name == page && block.lines.iter().any(|l| l == line));
            if broken {
                assert!(
                    !found.is_empty() && read.is_err(),
                    "{at} is refused by both"
                );
            } else {
                assert_eq!(found, Vec::<String>::new(), "{at} holds to the schema");
                assert!(read.is_ok(), "{at} is read: {:?}", read.err());
            }
            checked += 1;
        }
    }
    assert!(checked >= 2, "the docs show configs");
}

// ---------------------------------------------------------------------------------------------
// Commands in ```sh and ```console blocks
// ---------------------------------------------------------------------------------------------

/// A shell line cut into words (quotes removed), with its comment and whether it pipes,
/// redirects or chains: enough for the commands the docs show, not a shell.
#[derive(Debug, Default)]
struct ShellLine {
    words: Vec<String>,
    comment: String,
    plumbing: bool,
}

fn shell_words(line: &str) -> ShellLine {
    let mut parsed = ShellLine::default();
    let mut word: Option<String> = None;
    let mut quote: Option<char> = None;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some('"'), '\\') => {
                let escaped = chars.next().unwrap_or('\\');
                word.get_or_insert_with(String::new).push(escaped);
            }
            (Some(_), c) => word.get_or_insert_with(String::new).push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            (None, '#') if word.is_none() => {
                parsed.comment = chars.collect::<String>().trim().to_string();
                break;
            }
            (None, c) if c.is_whitespace() => parsed.words.extend(word.take()),
            (None, '|' | '>' | '<' | ';' | '&' | '`') => parsed.plumbing = true,
            (None, '$') if chars.peek() == Some(&'(') => parsed.plumbing = true,
            (None, c) => word.get_or_insert_with(String::new).push(c),
        }
    }
    parsed.words.extend(word);
    parsed
}

/// What a documented command runs: phaselint's arguments and the environment set before them.
#[derive(Debug)]
struct Invocation {
    env: Vec<(String, String)>,
    args: Vec<String>,
}

/// The phaselint a command line runs, or why it is not run here.
fn phaselint_args(line: &ShellLine) -> Result<Invocation, String> {
    let mut words = line.words.as_slice();
    let mut env = Vec::new();
    while let Some((name, value)) = words.first().and_then(|word| word.split_once('=')) {
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_uppercase() || c == '_') {
            break;
        }
        env.push((name.to_string(), value.to_string()));
        words = &words[1..];
    }
    let args: Vec<String> = match words {
        [program, rest @ ..] if program == "phaselint" => rest.to_vec(),
        [cargo, run, rest @ ..] if cargo == "cargo" && run == "run" => {
            let Some(dashes) = rest.iter().position(|word| word == "--") else {
                return Err("cargo run without `--`".to_string());
            };
            rest[dashes + 1..].to_vec()
        }
        [cargo, install, ..] if cargo == "cargo" && install == "install" => {
            return Err("installs".to_string());
        }
        _ => return Err("not phaselint".to_string()),
    };
    if line.plumbing {
        return Err("pipes, redirects or chains".to_string());
    }
    let writes = |flag: &str| args.iter().any(|arg| arg == flag);
    if args.first().is_some_and(|command| command == "server") {
        return Err("a server: it waits for a client".to_string());
    }
    if (writes("--fix") || writes("--unsafe-fixes") || writes("--fix-json")) && !writes("--diff")
        || writes("--output-file")
    {
        return Err("writes files".to_string());
    }
    if args.iter().any(|arg| arg.contains("://") || arg == "--git") {
        return Err("needs the network".to_string());
    }
    if args
        .iter()
        .any(|arg| arg.starts_with("../") || arg.starts_with('/') || arg.starts_with('~'))
    {
        return Err("reads outside the repository (the corpus)".to_string());
    }
    Ok(Invocation { env, args })
}

/// The exit code a command's comment documents ("exits 1: ..."), else 0.
fn documented_exit(comment: &str) -> i32 {
    comment
        .split("exits ")
        .nth(1)
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|code| code.parse().ok())
        .unwrap_or(0)
}

/// A documented command, where it is and the output its block shows (console blocks only).
struct Documented {
    place: String,
    line: String,
    shows: Option<Vec<String>>,
}

fn documented_commands() -> Vec<Documented> {
    let mut commands = Vec::new();
    for page in pages() {
        for block in blocks(&read(&page)) {
            match block.info.as_str() {
                "sh" => {
                    for (offset, line) in block.lines.iter().enumerate() {
                        if line.trim().is_empty() || line.trim_start().starts_with('#') {
                            continue;
                        }
                        commands.push(Documented {
                            place: format!("{page}:{}", block.line + 1 + offset),
                            line: line.clone(),
                            shows: None,
                        });
                    }
                }
                "console" => {
                    for (offset, line) in block.lines.iter().enumerate() {
                        let Some(command) = line.strip_prefix("$ ") else {
                            continue;
                        };
                        let shows = block.lines[offset + 1..]
                            .iter()
                            .take_while(|line| !line.starts_with("$ "))
                            .cloned()
                            .collect();
                        commands.push(Documented {
                            place: format!("{page}:{}", block.line + 1 + offset),
                            line: command.to_string(),
                            shows: Some(shows),
                        });
                    }
                }
                _ => {}
            }
        }
    }
    commands
}

/// The lines of a text, trailing spaces and trailing blank lines left out (a page keeps neither).
fn trimmed(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = text
        .lines()
        .map(|line| line.trim_end().to_string())
        .collect();
    while lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    lines
}

/// Whether `actual` is what a block shows: line for line, where a line `...` stands for any
/// number of lines.
fn shows(expected: &[String], actual: &[String]) -> bool {
    let mut pieces = expected.split(|line| line == "...");
    let Some(first) = pieces.next() else {
        return actual.is_empty();
    };
    if !actual.starts_with(first) {
        return false;
    }
    let mut rest = &actual[first.len()..];
    let pieces: Vec<&[String]> = pieces.collect();
    for (index, piece) in pieces.iter().enumerate() {
        if index == pieces.len() - 1 {
            return rest.ends_with(piece);
        }
        match (0..=rest.len().saturating_sub(piece.len())).find(|&at| rest[at..].starts_with(piece))
        {
            Some(at) => rest = &rest[at + piece.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

#[test]
fn every_documented_phaselint_command_runs_as_documented() {
    let mut ran = Vec::new();
    let mut skipped = Vec::new();
    let mut wrong = Vec::new();
    for documented in documented_commands() {
        let line = shell_words(&documented.line);
        let Invocation { env, args } = match phaselint_args(&line) {
            Ok(invocation) => invocation,
            Err(why) => {
                skipped.push(format!("{}: {} ({why})", documented.place, documented.line));
                continue;
            }
        };
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let mut run = command(root(), &args);
        // As a terminal 100 columns wide draws it; its colours are taken out below.
        run.env("COLUMNS", "100").env("FORCE_COLOR", "1");
        run.envs(env);
        let output = run.output().expect("the phaselint binary runs");
        let code = output.status.code().unwrap_or(-1);
        let expected = documented_exit(&line.comment);
        let stderr = String::from_utf8_lossy(&output.stderr);
        if code != expected {
            wrong.push(format!(
                "{}: `{}` exits {code}, the docs say {expected}\n{stderr}",
                documented.place, documented.line
            ));
        }
        if let Some(expected) = &documented.shows {
            let printed = trimmed(&without_colour(&String::from_utf8_lossy(&output.stdout)));
            if !shows(&trimmed(&expected.join("\n")), &printed) {
                wrong.push(format!(
                    "{}: `{}` prints\n{}\nnot what the block shows",
                    documented.place,
                    documented.line,
                    printed.join("\n")
                ));
            }
        }
        ran.push(documented.line);
    }
    eprintln!("ran {} documented commands:", ran.len());
    for line in &ran {
        eprintln!("  {line}");
    }
    eprintln!("skipped {}:", skipped.len());
    for line in &skipped {
        eprintln!("  {line}");
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
    assert!(
        ran.iter()
            .any(|line| line.starts_with("cargo run --release -- check fixtures/")),
        "the README's first command runs: {ran:?}"
    );
    assert!(ran.len() >= 5, "the docs' examples run: {ran:?}");
}

#[test]
fn a_command_line_is_read_as_the_docs_write_it() {
    let line = shell_words(
        r#"cargo run --release -- check fixtures/   # the main job (exits 1: it has errors)"#,
    );
    assert_eq!(
        line.words,
        ["cargo", "run", "--release", "--", "check", "fixtures/"]
    );
    assert_eq!(documented_exit(&line.comment), 1);
    assert_eq!(phaselint_args(&line).unwrap().args, ["check", "fixtures/"]);

    let line = shell_words(r#"phaselint explain -- "At end of turn, it's #1." 'a b'"#);
    assert_eq!(line.words[3], "At end of turn, it's #1.");
    assert_eq!(line.words[4], "a b");
    assert_eq!(documented_exit(&line.comment), 0);

    let skipped = |text: &str| phaselint_args(&shell_words(text)).unwrap_err();
    assert_eq!(
        skipped("phaselint man | man -l -"),
        "pipes, redirects or chains"
    );
    assert_eq!(skipped("cargo install --locked --path ."), "installs");
    assert_eq!(skipped("cargo test --test fuzz"), "not phaselint");
    assert_eq!(skipped("phaselint check --fix fixtures/"), "writes files");
    assert!(phaselint_args(&shell_words("phaselint check --fix --diff fixtures/")).is_ok());
    assert_eq!(
        skipped("phaselint stats ../shared/corpus/cards.jsonl"),
        "reads outside the repository (the corpus)"
    );
    let Invocation { env, args } =
        phaselint_args(&shell_words("NO_COLOR=1 phaselint rules")).unwrap();
    assert_eq!(env, [("NO_COLOR".to_string(), "1".to_string())]);
    assert_eq!(args, ["rules"]);
}

#[test]
fn a_block_shows_its_output_with_elisions() {
    let lines = |text: &str| trimmed(text);
    assert!(shows(&lines("a\nb"), &lines("a\nb\n")));
    assert!(!shows(&lines("a\nb"), &lines("a\nb\nc")));
    assert!(shows(&lines("a\n...\nd"), &lines("a\nb\nc\nd")));
    assert!(shows(&lines("a\n...\nc\n...\ne"), &lines("a\nb\nc\nd\ne")));
    assert!(!shows(&lines("a\n...\nc\n...\ne"), &lines("a\nb\nd\ne")));
    assert!(!shows(&lines("a\n...\nd"), &lines("a\nb\nc")));
}

// ---------------------------------------------------------------------------------------------
// Links
// ---------------------------------------------------------------------------------------------

/// A heading's anchor as GitHub makes it: lower case, letters, digits, `-` and `_` kept, spaces
/// made `-`, the rest dropped.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a page's headings, a repeated one numbered as GitHub numbers it (`-1`, `-2`).
fn anchors(page: &str) -> BTreeSet<String> {
    let mut anchors = BTreeSet::new();
    for (_, line) in prose(page) {
        let Some(heading) = line.strip_prefix('#') else {
            continue;
        };
        let heading = heading.trim_start_matches('#');
        if !heading.starts_with(' ') {
            continue;
        }
        let base = anchor(heading);
        let mut name = base.clone();
        let mut count = 0;
        while !anchors.insert(name.clone()) {
            count += 1;
            name = format!("{base}-{count}");
        }
    }
    anchors
}

/// The paragraphs of a page outside its fenced blocks, each with the line it starts on: a code
/// span may go on to the next line, but not past a paragraph.
fn paragraphs(text: &str) -> Vec<(usize, String)> {
    let mut paragraphs: Vec<(usize, String)> = Vec::new();
    let mut open = false;
    for (number, line) in prose(text) {
        match paragraphs.last_mut() {
            _ if line.trim().is_empty() => open = false,
            Some((_, paragraph)) if open => {
                paragraph.push('\n');
                paragraph.push_str(line);
            }
            _ => {
                paragraphs.push((number, line.to_string()));
                open = true;
            }
        }
    }
    paragraphs
}

/// The targets of the inline links of a paragraph (`[text](target)`), outside code spans.
fn link_targets(paragraph: &str) -> Vec<String> {
    let prose: String = paragraph
        .split('`')
        .step_by(2)
        .collect::<Vec<_>>()
        .join(" ");
    prose
        .split("](")
        .skip(1)
        .filter_map(|rest| rest.split(')').next())
        .map(|target| target.split_whitespace().next().unwrap_or("").to_string())
        .collect()
}

#[test]
fn every_relative_link_leads_to_a_file_and_heading() {
    let mut wrong = Vec::new();
    let mut checked = 0;
    for page in pages() {
        let text = read(&page);
        let dir = Path::new(&page).parent().unwrap_or(Path::new(""));
        for (number, paragraph) in paragraphs(&text) {
            for target in link_targets(&paragraph) {
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                checked += 1;
                let (file, fragment) = target.split_once('#').unwrap_or((&target, ""));
                let path: PathBuf = if file.is_empty() {
                    PathBuf::from(&page)
                } else {
                    dir.join(file)
                };
                if !root().join(&path).exists() {
                    wrong.push(format!("{page}:{number}: {target}: no {}", path.display()));
                } else if !fragment.is_empty() {
                    let target_text = read(&path.to_string_lossy());
                    if !anchors(&target_text).contains(fragment) {
                        wrong.push(format!("{page}:{number}: {target}: no such heading"));
                    }
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(checked >= 20, "the links are found: {checked}");
}

#[test]
fn anchors_are_made_as_github_makes_them() {
    assert_eq!(anchor(" `phaselint check`"), "phaselint-check");
    assert_eq!(
        anchor(" PL101 obsolete-end-of-turn"),
        "pl101-obsolete-end-of-turn"
    );
    assert_eq!(
        anchor(" Older editions (`--rules`)"),
        "older-editions---rules"
    );
    let page = "# A\n## A\n```\n# not a heading\n```\n#no\n";
    assert_eq!(
        anchors(page),
        BTreeSet::from(["a".to_string(), "a-1".to_string()])
    );
    assert_eq!(
        link_targets("see [a](b.md#c) and `[x](y)`, [d](../e.md)"),
        ["b.md#c", "../e.md"]
    );
    let page = "a `code\n[x](y)` [b](c.md)\n\n[d](e.md) `f`\n```\n[g](h)\n```\n";
    let targets: Vec<(usize, Vec<String>)> = paragraphs(page)
        .iter()
        .map(|(line, paragraph)| (*line, link_targets(paragraph)))
        .collect();
    assert_eq!(
        targets,
        [(1, vec!["c.md".to_string()]), (4, vec!["e.md".to_string()])]
    );
}

/// The rows of the Markdown table of `page` whose header's first cell is `first`: each row's
/// cells, trimmed, without the header and the separator.
fn table_rows(page: &str, first: &str) -> Vec<Vec<String>> {
    let cells = |line: &str| -> Vec<String> {
        let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
        inner
            .split('|')
            .map(|cell| cell.trim().to_string())
            .collect()
    };
    let mut lines = page.lines().skip_while(|line| {
        !line.starts_with('|') || cells(line).first().map(String::as_str) != Some(first)
    });
    assert!(lines.next().is_some(), "a table headed {first:?}");
    lines
        .skip(1)
        .take_while(|line| line.starts_with('|'))
        .map(cells)
        .collect()
}

/// The `code` spans of a Markdown cell.
fn code_spans(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// The first column of docs/timing-model.md's table headed `header`.
fn timing_model_words(header: &str) -> BTreeSet<String> {
    table_rows(&read("docs/timing-model.md"), header)
        .iter()
        .flat_map(|row| code_spans(&row[0]))
        .collect()
}

/// Issue 22 §5, issue 41: the owners, units, edges, roles and occurrences docs/timing-model.md
/// lists are the ones phaselint gives, each table equal to the program's list.
#[test]
fn the_timing_model_page_lists_every_word_and_no_other() {
    use phaselint::model::{Edge, Occurrence, Owner, Role, Unit};
    fn words<T: Copy>(all: &[T], name: fn(T) -> &'static str) -> BTreeSet<String> {
        all.iter().map(|word| name(*word).to_string()).collect()
    }
    assert_eq!(
        timing_model_words("owner"),
        words(Owner::ALL, Owner::as_str)
    );
    assert_eq!(timing_model_words("unit"), words(Unit::ALL, Unit::as_str));
    assert_eq!(timing_model_words("edge"), words(Edge::ALL, Edge::as_str));
    assert_eq!(timing_model_words("role"), words(Role::ALL, Role::as_str));
    assert_eq!(
        timing_model_words("occurrence"),
        words(Occurrence::ALL, Occurrence::as_str)
    );
}

/// Issue 22 §5: the kinds table of docs/timing-model.md says which roles each kind uses, and every
/// finding of the phrase and contract tables keeps to it.
#[test]
fn every_finding_uses_the_roles_its_kind_is_documented_with() {
    use phaselint::model::Kind;
    let page = read("docs/timing-model.md");
    let rows = table_rows(&page, "kind");
    let documented: Vec<(String, BTreeSet<String>, bool)> = rows
        .iter()
        .map(|row| {
            let kind = code_spans(&row[0]).concat();
            let roles = code_spans(&row[1]).into_iter().collect();
            let none = row[1].contains("none");
            (kind, roles, none)
        })
        .collect();
    let kinds: BTreeSet<&str> = documented.iter().map(|(kind, ..)| kind.as_str()).collect();
    let all: BTreeSet<&str> = Kind::ALL.iter().map(|kind| kind.as_str()).collect();
    assert_eq!(kinds, all, "one row a kind");

    let mut texts = Vec::new();
    for table in [
        "tests/data/contract.table",
        "tests/data/contract_v2.table",
        "tests/data/contract_v3.table",
        "tests/data/contract_v4.table",
    ] {
        let text = read(table);
        let rows = text.lines().filter(|line| !line.starts_with('#'));
        texts.extend(rows.filter_map(|line| line.split(" | ").next().map(str::to_string)));
    }
    let phrases = read("tests/data/phrases.table");
    let rows = phrases.lines().filter(|line| !line.starts_with('#'));
    texts.extend(rows.filter_map(|line| line.split(" => ").next().map(str::to_string)));
    texts.retain(|text| !text.trim().is_empty());
    assert!(texts.len() > 200, "the tables were read: {}", texts.len());

    let mut failures = BTreeSet::new();
    for text in &texts {
        let (findings, _) = phaselint::resolve::find_and_resolve(text);
        for finding in findings {
            let kind = finding.kind.as_str();
            let Some((_, roles, none)) = documented.iter().find(|(name, ..)| name == kind) else {
                continue;
            };
            let used: BTreeSet<String> = finding
                .timing
                .iter()
                .map(|point| point.role.as_str().to_string())
                .collect();
            if (used.is_empty() && !none) || !used.is_subset(roles) {
                failures.insert(format!("{kind} with {used:?}: {text:?}"));
            }
        }
    }
    assert!(failures.is_empty(), "undocumented:\n{failures:#?}");
}
