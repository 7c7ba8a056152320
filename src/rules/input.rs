//! Input problems: not lint rules, but reported as diagnostics with codes of their own, so that
//! every output format (and SARIF's rule list) names them. They always count as errors: a file
//! that cannot be read or does not parse (PL900, PL901) makes the exit code 1, as other errors; a
//! config problem (PL903), a directory with no card (PL905) or a run that read no file at all
//! makes it 2 (the binary's `Outcome::of`).

use super::{FixAvailability, RuleInfo};
use crate::diagnostic::Severity;

pub static UNREADABLE_FILE: RuleInfo = RuleInfo {
    code: "PL900",
    name: "unreadable-file",
    level: Severity::Error,
    summary: "a file could not be read: an I/O error, or bytes that are not UTF-8",
    docs: "## What it does\nReports a file that could not be read: it is missing, unreadable, a directory that cannot be walked, or not text (a binary file with a NUL byte, or text in another encoding than UTF-8: a YAML, text, Forge, Magic Set Editor, CSV or TSV file that may be Windows-1252 is read as that instead, with a PL805 note). The location is the first byte that is not UTF-8, or the first NUL byte.\n\n## Why\nphaselint never guesses at text it cannot decode; the other files are still checked and the exit code is 1, as for any error (ruff's E902), or 2 when no file of the run could be read at all.\n\n## Fix\nSave the file as UTF-8, or exclude it with `--exclude` or `[files] exclude` in phaselint.toml.",
    fix: FixAvailability::None,
    on_by_default: true,
};

pub static MALFORMED_INPUT: RuleInfo = RuleInfo {
    code: "PL901",
    name: "malformed-input",
    level: Severity::Error,
    summary: "a card file is malformed, or a card in it has the wrong shape",
    docs: "## What it does\nReports a card file that does not parse (YAML, JSON, a Magic Set Editor set, Cockatrice XML, a Forge script, CSV or TSV), a cut file, and cards whose fields have the wrong type (a list where the text should be). The location is where the parser stopped.\n\n## Why\nCards after a syntax error cannot be read reliably; the cards before it and the other files are still checked, and the exit code is 1, as for any error.\n\n## Fix\nCorrect the syntax at the reported place.",
    fix: FixAvailability::None,
    on_by_default: true,
};

pub static UNREADABLE_TEXT: RuleInfo = RuleInfo {
    code: "PL902",
    name: "unreadable-text",
    level: Severity::Error,
    summary: "a line of card text the grammar could not read within its limits",
    docs: "## What it does\nReports a line of card text on which the grammar gave up: pathological input (thousands of nested quotes, one clause running on for pages) that reached the finder's bound on work or pest's call or stack limit. Also a card text with more than 1,000 timing phrases (real faces have at most 6): it is read up to them, and reported from the first phrase past them on.\n\n## Why\nThe line's phrases are unknown; phaselint says so rather than reporting nothing. The bounds keep a file written to be slow from taking more time than its length.\n\n## Fix\nShorten or correct the line, or split the text.",
    fix: FixAvailability::None,
    on_by_default: true,
};

pub static INVALID_CONFIG: RuleInfo = RuleInfo {
    code: "PL903",
    name: "invalid-config",
    level: Severity::Error,
    summary: "phaselint.toml cannot be read, does not parse, or has an unknown key, rule, level or glob",
    docs: "## What it does\nReports a problem in phaselint.toml: a syntax error, an unknown key (a typo), an unknown rule code or name, a level other than error, warning, note or off, or a glob that does not parse. The location is the key or value at fault.\n\n## Why\nA typo in a config file must not be ignored silently: the rule it meant to change would run as if the line were not there. The problem is reported once, the files the config governs are checked with the defaults, and the exit code is 2. A config that is not a regular file, not UTF-8, larger than 1 MiB or a symbolic link out of the tree is not read, and nothing of it is shown; a level or ignore for an input problem (PL9xx) and a glob with a `..` component (it can never match) are errors too.\n\n## Example\n```toml\n[rules]\nobsolete-end-of-trun = \"off\"\n```\n\n## Fix\nCorrect the key or value; `phaselint rules` lists the codes and names.",
    fix: FixAvailability::None,
    on_by_default: true,
};

pub static TOO_MANY_FINDINGS: RuleInfo = RuleInfo {
    code: "PL904",
    name: "too-many-findings",
    level: Severity::Error,
    summary: "a card or a file with more findings than a report shows: how many were left out, and where",
    docs: "## What it does\nStands in for the findings past the first 100 of one card, and past the first 10,000 of one file: it says how many were left out, and points at the first of them. Findings are kept in the order of the file, so the ones shown are the first ones.\n\n## Why\nNo real card comes near these limits (the whole Oracle card set has at most 4 findings on a card, and all of its printed wordings together 1,874 in one file), but a file written to flood the report could otherwise make phaselint print hundreds of megabytes and hold them in memory. The report stays short, and says that it is not complete.\n\n## Fix\nFix the findings shown and run phaselint again, or split the file; `--select` and `--ignore` choose which rules fill the report.",
    fix: FixAvailability::None,
    on_by_default: true,
};

pub static NO_CARD_FOUND: RuleInfo = RuleInfo {
    code: "PL905",
    name: "no-card-found",
    level: Severity::Error,
    summary: "a directory named on the command line holds no card: nothing in it was checked",
    docs: "## What it does\nReports a directory named on the command line (`phaselint check .`, `phaselint check sets/`) in which no card was read: no file of a card format was found in it, or every one found holds no card (each of those has its own PL802 note). The message counts the files the walk passed over for not being card files, and names the first of them. The location is the directory.\n\n## Why\nA design repository whose CI runs `phaselint check .` must not go green having checked nothing: a set kept in a format phaselint does not read, or under an extension it does not walk, would otherwise pass in silence. The exit code is 2, as for a config problem: the run could not check what it was asked to, whatever the other paths hold. A file named on the command line that holds no card (as pre-commit hands over) stays a note (PL802).\n\n## Example\n```text\nsets/\n  dawn.cards       # a format phaselint does not know by its extension\n  README.md\n```\n\n## Fix\nName the files phaselint should read with `[files] include` in phaselint.toml (`include = [\"**/*.cards\"]`), keep the cards in a format it reads (YAML, JSON, JSON Lines, text, Magic Set Editor, Cockatrice XML, Forge scripts, CSV or TSV), or name the directory that holds them.",
    fix: FixAvailability::None,
    on_by_default: true,
};

pub static UNWRITABLE_FILE: RuleInfo = RuleInfo {
    code: "PL906",
    name: "unwritable-file",
    level: Severity::Error,
    summary: "`--fix` did not write a file's fixes: the file is as it was",
    docs: "## What it does\nReports a file whose fixes `--fix` did not write, and why: the file is read-only, it has other hard links (a rewrite by atomic rename would leave them holding the old text), it changed on disk during the run, or the write itself failed (a full disk, a directory that refuses a new file). The location is the start of the file; its findings are reported as they stand, and none is counted as fixed.\n\n## Why\n`--fix` writes a whole new file and renames it over the old one, so that no run leaves a half-written card file. A file it cannot replace that way is left untouched rather than written in place: a designer's other copy of a hard-linked file would otherwise keep the old text in silence. The run fails (exit 1), as for any error, since the fixes asked for were not made.\n\n## Example\n```text\n$ ln sets/dawn.yaml backup/dawn.yaml\n$ phaselint check --fix sets/dawn.yaml\nsets/dawn.yaml:1:1: error[PL906] could not write the fixes: the file has 2 hard links, which a rewrite would split; the file was not changed\n```\n\n## Fix\nMake the file writable, break the hard link (`cp dawn.yaml dawn.new && mv dawn.new dawn.yaml`), or apply the fixes by hand: `--diff` prints them as a patch.",
    fix: FixAvailability::None,
    on_by_default: true,
};
