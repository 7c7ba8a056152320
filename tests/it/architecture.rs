//! The layers of the crate, kept by the build (issue 19).
//!
//! Every `.rs` file under `src/` (the library and the binary) is read, and every path that names
//! a module of this package is collected: `use crate::…`, any `crate::…` path in code, `super::…`
//! and `self::…` resolved to the module they name, a path that starts with a child module the
//! file declares (`mod lower;` … `lower::lower_phrase`), and, in the binary's files,
//! `phaselint::…`. Comments (doc links too) and string literals are not read. A path is an
//! *import* of the file that holds the module it names: the longest prefix of the path that is a
//! module with a file (`crate::phrase::ast::Wording` is `src/phrase/ast.rs`, `crate::rules::Lint`
//! is `src/rules/mod.rs`). `#[cfg(test)]` modules are read as the rest of the file: a test may
//! not reach above its module's layer either (the walk's tests, which built a `check::Configs`,
//! give the walk a filter of their own).
//!
//! The test fails when
//! - **a module imports from a layer above its own** (the table below; a module may import from
//!   its own layer and every layer below it), naming the file, the line and the import;
//! - **two top-level modules import each other**, even inside one layer;
//! - **two files import each other.** A parent's `mod child;` declarations and its re-exports
//!   (`pub use child::X`, `pub(crate) use …`) are not imports: they make the child's items
//!   visible, and use none of its logic. Anything else is: a parent that calls a child's
//!   function or names its constant, while the child uses the parent's types (`super::Lint`),
//!   is a circle, and one of them moves to a file of its own. An import through a re-export is
//!   an import of the file that re-exports it and of the file that defines it: `ast.rs` naming
//!   `keywords::KEYWORDS` (defined in `keywords/table.rs`, which imports `ast.rs`) is a circle;
//! - a top-level module has no row in the table, or a row names no module.
//!
//! A second test asks each top-level module to say what it must not know, in a line of its module
//! doc that starts "Architecture invariant:", as rust-analyzer's architecture notes do.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, lowest first: each line a top-level module, its layer, and what the layer knows.
/// A module imports only from its own layer and those below; each module's doc says what it must
/// not know.
const LAYERS: &[(&str, u8)] = &[
    // 1. vocabulary and plain data: no card text, no files, no rules
    ("model", 1),         // the timing vocabulary: units, edges, owners, findings, spans
    ("lines", 1),         // byte offsets to lines and columns (reports and findings place spans)
    ("diagnostic", 1),    // the plain diagnostic, and the message convention
    ("edit_distance", 1), // how far one spelling is from another
    ("file_name", 1),     // a path as shown and as bytes
    ("parallel", 1),      // work mapped over the cores, in order
    // 2. dated facts of the rules, per edition: names, rule numbers, turn facts, old templates
    ("edition", 2), // imports `model` alone; comparing editions is `compare`, layer 7
    // 3. the turn model (CR 500-514): knows no text, grammar, rules or files
    ("turn", 3), // asks `edition` for an edition's names and mana burn
    // 4. bounded file I/O and the link judgement: knows no cards, phrases or rules
    ("tree", 4), // whether a path stays inside its tree; a path made absolute by its text
    ("read", 4), // read a file with the bounds untrusted input needs; what an I/O error says
    ("write", 4), // write a file whole, or not at all
    // 5. readers and the grammar: card files into text with byte maps, text into phrases
    ("source", 5), // the card formats' readers
    ("phrase", 5), // the grammar, the finder, the AST, the keyword table and reader
    // 6. phrases onto the turn model: timings, rules cited, caveats
    ("resolve", 6), // and which marked wording an edition printed as its own
    // 7. judgements and explanations of one text: knows no configs, walks or reports
    ("explain", 7),   // a phrase's sentence and its place in a game of a few turns
    ("rules", 7),     // the lint rules over one face, and their registry
    ("selection", 7), // which rules a run selects: the registry's codes and names
    ("stats", 7),     // counts of phrases and rules over cards
    ("compare", 7),   // two editions side by side: explain's sentences, the rules' reports
    // 8. the pipeline: configure, walk, read, check, fix, export a path or a text
    ("config", 8), // phaselint.toml: needs the rules' registry to validate its names
    ("lint", 8),   // one card through every enabled rule, at the config's levels
    ("walk", 8),   // the paths into files; its caller's filter says what the configs exclude
    ("fix", 8),    // the fixes applied to a text, and its diff (it needs `diagnostic` alone)
    ("check", 8),  // the one pipeline every front end calls
    ("export", 8), // the findings of every face of a file, for engines
    // 9. rendering of checked files: human, short, json, github, sarif
    ("report", 9),
    // 10. the binary's front ends: parse, call the library, render, nothing more
    ("cli", 10),    // the command line
    ("server", 10), // the language server
    ("main", 10),   // src/main.rs
];

/// Which crate of the package a file is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Krate {
    Lib,
    Bin,
}

/// A module of the package: its crate and its path from the crate root.
type Module = (Krate, Vec<String>);

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Ident(String),
    PathSep,
    Punct(char),
    Literal,
}

/// The tokens of a Rust file with their line numbers, without comments, and with every string,
/// character and number literal as one `Literal`.
fn tokens(text: &str) -> Vec<(Token, usize)> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut line = 1;
    let mut i = 0;
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    while i < chars.len() {
        let c = chars[i];
        let start_line = line;
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if chars[i] == '\n' {
                        line += 1;
                    }
                    i += 1;
                }
            }
        } else if let Some(end) = raw_string_end(&chars, i) {
            line += chars[i..end].iter().filter(|&&c| c == '\n').count();
            i = end;
            out.push((Token::Literal, start_line));
        } else if c == '"' || (c == 'b' && at(i + 1) == '"') {
            i += if c == 'b' { 2 } else { 1 };
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                if at(i) == '\n' {
                    line += 1;
                }
                i += 1;
            }
            i += 1;
            out.push((Token::Literal, start_line));
        } else if c == '\'' || (c == 'b' && at(i + 1) == '\'') {
            let open = if c == 'b' { i + 1 } else { i };
            if at(open + 1) == '\\' {
                // Past the escaped character: `'\''` holds a quote.
                i = open + 3;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
                out.push((Token::Literal, start_line));
            } else if at(open + 2) == '\'' {
                i = open + 3;
                out.push((Token::Literal, start_line));
            } else {
                // A lifetime or a label: `'a`.
                i = open + 1;
                while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                    i += 1;
                }
            }
        } else if c.is_ascii_digit() {
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push((Token::Literal, start_line));
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            out.push((
                Token::Ident(word.trim_start_matches("r#").to_string()),
                start_line,
            ));
        } else if c == ':' && at(i + 1) == ':' {
            i += 2;
            out.push((Token::PathSep, start_line));
        } else {
            i += 1;
            out.push((Token::Punct(c), start_line));
        }
    }
    out
}

/// Where a raw string literal (`r"…"`, `r#"…"#`, `br"…"`) that starts at `i` ends.
fn raw_string_end(chars: &[char], i: usize) -> Option<usize> {
    let mut j = i;
    if chars.get(j) == Some(&'b') {
        j += 1;
    }
    if chars.get(j) != Some(&'r') {
        return None;
    }
    j += 1;
    let mut hashes = 0;
    while chars.get(j) == Some(&'#') {
        hashes += 1;
        j += 1;
    }
    if chars.get(j) != Some(&'"') {
        return None;
    }
    j += 1;
    while j < chars.len() {
        if chars[j] == '"'
            && chars[j + 1..]
                .iter()
                .take(hashes)
                .filter(|&&c| c == '#')
                .count()
                == hashes
        {
            return Some(j + 1 + hashes);
        }
        j += 1;
    }
    Some(chars.len())
}

/// One path a file names, as written.
#[derive(Debug, Clone)]
struct Mention {
    /// The module the path is written in (inline modules such as `tests` included).
    scope: Vec<String>,
    segments: Vec<String>,
    line: usize,
    /// A `pub use`: a re-export, not a use of the item.
    reexport: bool,
    /// The name a `use` binds; `None` for a path in code.
    bound: Option<String>,
}

/// The paths a file names, and the child modules each of its modules declares.
fn mentions(
    module: &[String],
    tokens: &[(Token, usize)],
) -> (Vec<Mention>, BTreeMap<Vec<String>, BTreeSet<String>>) {
    let mut out = Vec::new();
    let mut children: BTreeMap<Vec<String>, BTreeSet<String>> = BTreeMap::new();
    let mut scope: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let current = |scope: &[(String, usize)]| {
        let mut path = module.to_vec();
        path.extend(scope.iter().map(|(name, _)| name.clone()));
        path
    };
    let ident = |i: usize| match tokens.get(i) {
        Some((Token::Ident(word), _)) => Some(word.as_str()),
        _ => None,
    };
    let punct = |i: usize, c: char| matches!(tokens.get(i), Some((Token::Punct(p), _)) if *p == c);
    let sep = |i: usize| matches!(tokens.get(i), Some((Token::PathSep, _)));
    let mut i = 0;
    while i < tokens.len() {
        let line = tokens[i].1;
        if punct(i, '{') {
            depth += 1;
        } else if punct(i, '}') {
            depth = depth.saturating_sub(1);
            if scope.last().is_some_and(|(_, open)| *open == depth) {
                scope.pop();
            }
        } else if ident(i) == Some("mod") && !sep(i.wrapping_sub(1)) {
            if let Some(name) = ident(i + 1) {
                children
                    .entry(current(&scope))
                    .or_default()
                    .insert(name.to_string());
                if punct(i + 2, '{') {
                    scope.push((name.to_string(), depth));
                }
                i += 2;
                continue;
            }
        } else if ident(i) == Some("use") {
            let reexport = ident(i.wrapping_sub(1)) == Some("pub")
                || (punct(i.wrapping_sub(1), ')') && ident(i.wrapping_sub(4)) == Some("pub"));
            let mut j = i + 1;
            let mut trees = Vec::new();
            use_tree(tokens, &mut j, Vec::new(), &mut trees);
            for (segments, line, bound) in trees {
                out.push(Mention {
                    scope: current(&scope),
                    segments,
                    line,
                    reexport,
                    bound: Some(bound),
                });
            }
            i = j;
            continue;
        } else if let Some(first) = ident(i)
            && sep(i + 1)
            && !sep(i.wrapping_sub(1))
        {
            let mut segments = vec![first.to_string()];
            let mut j = i + 1;
            while sep(j)
                && let Some(next) = ident(j + 1)
            {
                segments.push(next.to_string());
                j += 2;
            }
            out.push(Mention {
                scope: current(&scope),
                segments,
                line,
                reexport: false,
                bound: None,
            });
            i = j;
            continue;
        }
        i += 1;
    }
    (out, children)
}

/// Reads a use tree at `*i` (`a::b::{c, d::e as f, self}`, `a::*`) into its paths, each with its
/// line and the name it binds (`f` for `d::e as f`), up to its end.
fn use_tree(
    tokens: &[(Token, usize)],
    i: &mut usize,
    prefix: Vec<String>,
    out: &mut Vec<(Vec<String>, usize, String)>,
) {
    let mut path = prefix;
    let line = tokens.get(*i).map_or(0, |(_, line)| *line);
    loop {
        match tokens.get(*i) {
            Some((Token::Ident(word), _)) if word != "as" => {
                if word != "self" || path.is_empty() {
                    path.push(word.clone());
                }
                *i += 1;
                if matches!(tokens.get(*i), Some((Token::PathSep, _))) {
                    *i += 1;
                    continue;
                }
                break;
            }
            Some((Token::PathSep, _)) => *i += 1,
            Some((Token::Punct('{'), _)) => {
                *i += 1;
                while let Some((token, _)) = tokens.get(*i) {
                    match token {
                        Token::Punct('}') => {
                            *i += 1;
                            return;
                        }
                        Token::Punct(',') => *i += 1,
                        _ => use_tree(tokens, i, path.clone(), out),
                    }
                }
                return;
            }
            Some((Token::Punct('*'), _)) => {
                *i += 1;
                break;
            }
            _ => break,
        }
    }
    let mut bound = path.last().cloned().unwrap_or_default();
    if ident(tokens, *i) == Some("as") {
        bound = ident(tokens, *i + 1).unwrap_or_default().to_string();
        *i += 2;
    }
    if !path.is_empty() {
        out.push((path, line, bound));
    }
}

fn ident(tokens: &[(Token, usize)], i: usize) -> Option<&str> {
    match tokens.get(i) {
        Some((Token::Ident(word), _)) => Some(word),
        _ => None,
    }
}

/// The package's source files, each with its module.
fn source_files(src: &Path) -> BTreeMap<Module, PathBuf> {
    let main = std::fs::read_to_string(src.join("main.rs")).expect("src/main.rs");
    let binary_modules: BTreeSet<String> = declared_modules(&main);
    let mut files = BTreeMap::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("src is readable") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|ext| ext != "rs") {
                continue;
            }
            let relative = path.strip_prefix(src).expect("under src");
            let mut parts: Vec<String> = relative
                .iter()
                .map(|part| part.to_string_lossy().into_owned())
                .collect();
            let file = parts.pop().expect("a file name");
            let stem = file.trim_end_matches(".rs").to_string();
            if parts.is_empty() && stem == "main" {
                files.insert((Krate::Bin, Vec::new()), path);
                continue;
            }
            if parts.is_empty() && stem == "lib" {
                files.insert((Krate::Lib, Vec::new()), path);
                continue;
            }
            if stem != "mod" {
                parts.push(stem);
            }
            let krate = if binary_modules.contains(&parts[0]) {
                Krate::Bin
            } else {
                Krate::Lib
            };
            files.insert((krate, parts), path);
        }
    }
    files
}

/// The names of the `mod name;` declarations of a crate root.
fn declared_modules(text: &str) -> BTreeSet<String> {
    let tokens = tokens(text);
    (0..tokens.len())
        .filter(|&i| ident(&tokens, i) == Some("mod"))
        .filter_map(|i| ident(&tokens, i + 1).map(str::to_string))
        .collect()
}

/// The absolute module path a mention names, in which crate, or `None` for a path outside the
/// package (`std::…`, `serde::…`) or to a local item.
fn resolve(
    krate: Krate,
    mention: &Mention,
    children: &BTreeMap<Vec<String>, BTreeSet<String>>,
) -> Option<Module> {
    let segments = &mention.segments;
    let first = segments.first()?.as_str();
    let (target, mut path, rest) = match first {
        "crate" => (krate, Vec::new(), 1),
        "phaselint" if krate == Krate::Bin => (Krate::Lib, Vec::new(), 1),
        "self" => (krate, mention.scope.clone(), 1),
        "super" => {
            let mut path = mention.scope.clone();
            let mut rest = 0;
            while segments.get(rest).is_some_and(|s| s == "super") {
                path.pop()?;
                rest += 1;
            }
            (krate, path, rest)
        }
        name if children
            .get(&mention.scope)
            .is_some_and(|names| names.contains(name)) =>
        {
            (krate, mention.scope.clone(), 0)
        }
        _ => return None,
    };
    path.extend(segments[rest..].iter().cloned());
    Some((target, path))
}

/// The file that holds a module path: the longest prefix of it that has a file.
fn file_of(files: &BTreeMap<Module, PathBuf>, (krate, path): &Module) -> Module {
    (0..=path.len())
        .rev()
        .map(|len| (*krate, path[..len].to_vec()))
        .find(|module| files.contains_key(module))
        .expect("the crate root has a file")
}

/// A module's row in the table: `main` for the binary's root, the first segment otherwise, and
/// `None` for the library's root.
fn top_level((krate, path): &Module) -> Option<&str> {
    match (krate, path.first()) {
        (_, Some(name)) => Some(name),
        (Krate::Bin, None) => Some("main"),
        (Krate::Lib, None) => None,
    }
}

/// One import: from a file, at a line, of a module.
#[derive(Debug)]
struct Import {
    from: Module,
    line: usize,
    written: String,
    /// The file of the module the path names, as written.
    to: Module,
    /// The file that defines what the path names: `to`, or where a re-export of `to` leads
    /// (`crate::phrase::keywords::KEYWORDS` is `src/phrase/keywords/table.rs`).
    defined_in: Module,
    reexport: bool,
}

/// The names each file re-exports (`pub use a::b as c`), and the module path each leads to.
type Reexports = BTreeMap<Module, BTreeMap<String, Module>>;

fn imports(files: &BTreeMap<Module, PathBuf>) -> Vec<Import> {
    let mut resolved = Vec::new();
    let mut reexports = Reexports::new();
    for (module, path) in files {
        let text = std::fs::read_to_string(path).expect("a source file is readable");
        let (mentions, children) = mentions(&module.1, &tokens(&text));
        for mention in mentions {
            let Some(target) = resolve(module.0, &mention, &children) else {
                continue;
            };
            if mention.reexport
                && mention.scope == module.1
                && let Some(bound) = &mention.bound
            {
                reexports
                    .entry(module.clone())
                    .or_default()
                    .insert(bound.clone(), target.clone());
            }
            resolved.push((module.clone(), mention, target));
        }
    }
    let mut out = Vec::new();
    for (module, mention, target) in resolved {
        let to = file_of(files, &target);
        if to == module {
            continue;
        }
        out.push(Import {
            from: module,
            line: mention.line,
            written: mention.segments.join("::"),
            defined_in: defined_in(files, &reexports, target),
            to,
            reexport: mention.reexport,
        });
    }
    out
}

/// The file that defines what `target` names: re-exports followed (a few at most; a circle of
/// them is cut short).
fn defined_in(files: &BTreeMap<Module, PathBuf>, reexports: &Reexports, target: Module) -> Module {
    let mut target = target;
    for _ in 0..8 {
        let file = file_of(files, &target);
        let next = target.1.get(file.1.len()).and_then(|name| {
            let (krate, path) = reexports.get(&file)?.get(name)?;
            let mut path = path.clone();
            path.extend(target.1[file.1.len() + 1..].iter().cloned());
            Some((*krate, path))
        });
        match next {
            Some(next) => target = next,
            None => return file,
        }
    }
    file_of(files, &target)
}

fn shown(files: &BTreeMap<Module, PathBuf>, module: &Module, src: &Path) -> String {
    files[module]
        .strip_prefix(src.parent().expect("src has a parent"))
        .expect("under the package")
        .display()
        .to_string()
}

#[test]
fn each_module_imports_only_from_its_layer_and_below_and_no_two_import_each_other() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = source_files(&src);
    let layer: BTreeMap<&str, u8> = LAYERS.iter().copied().collect();
    let mut problems = Vec::new();

    let mut top_levels: BTreeSet<&str> = files.keys().filter_map(top_level).collect();
    top_levels.insert("main");
    for name in &top_levels {
        if !layer.contains_key(name) {
            problems.push(format!(
                "module `{name}` has no row in the layer table of tests/it/architecture.rs: add it \
                 at the layer of what it knows"
            ));
        }
    }
    for (name, _) in LAYERS {
        if !top_levels.contains(name) {
            problems.push(format!(
                "the layer table names `{name}`, which is no module"
            ));
        }
    }

    let imports = imports(&files);
    let mut module_edges: BTreeMap<(&str, &str), &Import> = BTreeMap::new();
    for import in &imports {
        let (Some(from), Some(to)) = (top_level(&import.from), top_level(&import.to)) else {
            continue;
        };
        if from == to {
            continue;
        }
        module_edges.entry((from, to)).or_insert(import);
        if let (Some(&own), Some(&theirs)) = (layer.get(from), layer.get(to))
            && theirs > own
        {
            problems.push(format!(
                "{}:{}: `{from}` (layer {own}) imports `{}` from `{to}` (layer {theirs}), a \
                 layer above it",
                shown(&files, &import.from, &src),
                import.line,
                import.written,
            ));
        }
    }
    for (&(from, to), import) in &module_edges {
        if from < to
            && let Some(back) = module_edges.get(&(to, from))
        {
            problems.push(format!(
                "modules `{from}` and `{to}` import each other: {}:{} `{}`, and {}:{} `{}`",
                shown(&files, &import.from, &src),
                import.line,
                import.written,
                shown(&files, &back.from, &src),
                back.line,
                back.written,
            ));
        }
    }

    let mut file_edges: BTreeMap<(&Module, &Module), &Import> = BTreeMap::new();
    for import in imports.iter().filter(|import| !import.reexport) {
        file_edges
            .entry((&import.from, &import.to))
            .or_insert(import);
        if import.defined_in != import.from {
            file_edges
                .entry((&import.from, &import.defined_in))
                .or_insert(import);
        }
    }
    for (&(from, to), import) in &file_edges {
        if from < to
            && let Some(back) = file_edges.get(&(to, from))
        {
            problems.push(format!(
                "{} and {} import each other: line {} `{}`, and line {} `{}`",
                shown(&files, from, &src),
                shown(&files, to, &src),
                import.line,
                import.written,
                back.line,
                back.written,
            ));
        }
    }

    assert!(
        problems.is_empty(),
        "the layers are broken ({} problems):\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn each_module_says_what_it_must_not_know() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = source_files(&src);
    let silent: Vec<String> = files
        .iter()
        .filter(|(module, _)| module.1.len() <= 1 && top_level(module).is_some())
        .filter(|(_, path)| {
            let text = std::fs::read_to_string(path).expect("a source file is readable");
            !text
                .lines()
                .take_while(|line| line.starts_with("//!"))
                .any(|line| line.contains("Architecture invariant:"))
        })
        .map(|(module, _)| shown(&files, module, &src))
        .collect();
    assert!(
        silent.is_empty(),
        "these modules' docs say nothing of what they must not know: add a line \
         \"Architecture invariant: ...\" to their `//!` docs:\n{}",
        silent.join("\n")
    );
}
