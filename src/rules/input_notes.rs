//! Notes about the input (PL8xx): not failures, since the file was read (or skipped) as the note
//! says. Unlike the input problems (PL9xx) they have levels of their own, the config and the
//! command line turn them off like the lint rules, and they never make the exit code 2. They are
//! not lint rules either: they read what the readers noticed, not a face's text.

use super::{FixAvailability, RuleInfo};
use crate::diagnostic::Severity;

pub static UNKNOWN_SUPPRESSION: RuleInfo = RuleInfo {
    code: "PL801",
    name: "unknown-suppression",
    level: Severity::Warning,
    summary: "a `# phaselint: allow(...)` comment names no rule",
    docs: "## What it does\nReports each name in a `# phaselint: allow(...)` comment that is neither a rule code (any case), a rule name nor `all`. The location is the name inside the comment; the help names the closest rule.\n\n## Why\nA misspelt suppression turns nothing off: the finding it was meant to silence is still reported, and nothing says why. As ruff reports unknown `noqa` codes, phaselint says which name it did not know. An allow comment does not silence this warning (it cannot vouch for itself); `phaselint.toml` or `--ignore` can.\n\n## Example\n```yaml\n# phaselint: allow(obsolete-end-of-trun)\n- name: Ember Runner\n  text: At end of turn, sacrifice this creature.\n```\n\n## Fix\nCorrect the name (`obsolete-end-of-turn`, or its code `PL101`); `phaselint rules` lists the codes and names.",
    fix: FixAvailability::None,
    on_by_default: true,
};

pub static NOT_A_CARD_FILE: RuleInfo = RuleInfo {
    code: "PL802",
    name: "not-a-card-file",
    level: Severity::Note,
    summary: "a file holds no card: it is skipped",
    docs: "## What it does\nNotes a file of a card format that holds no card, and reads nothing from it: a JSON file in which no card object is found (a `package.json`, a bot's settings), an XML file that is not a Cockatrice card database (a `pom.xml`, a Cockatrice deck), a spreadsheet with no column of card text, a `.mse-set` zip with no `set` file, a Magic Set Editor file with no `card:` block (or a set piped to standard input whose cards are all in the card files it includes, which are not read from there), and a YAML file in which no document has a card's shape: a site config, a GitHub workflow, a docker-compose file, a pre-commit hook list. A card is a map with a field phaselint reads (`text`, `oracle_text`, `rules_text`, `type`, `type_line`, `mana_cost`, `faces`, or one of those spelt otherwise, as `Text` or `typeline`), or a map with a `name` and only card fields (`set`, `rarity`, `artist`, `flavor`, `power`, ...); a card file is one such map, a list holding one, or a map with a `cards:` list. When one document of the file has that shape, every document is read as before. The location is the first key of a YAML file, the first character of the others.\n\n## Why\nA design repository keeps other YAML beside its cards, and the walk and pre-commit hand it to phaselint. Read as cards, a workflow's `name:` would become a card and a list of strings would be malformed input; a note says once that the file was not read, and the run's exit code does not change.\n\n## Example\n```yaml\nname: CI\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n```\n\n## Fix\nNothing, if the file is not a card file: exclude it with `[files] exclude` in phaselint.toml (or `--exclude`) to drop the note. If it is one, give its cards their text under a field phaselint reads (`text`, `oracle_text`, `rules_text`, `rulesText`; a spreadsheet's `Text` or `Rules Text` column), name your own fields in phaselint.toml (`[fields]`), or put the cards in a list or under `cards:`.",
    fix: FixAvailability::None,
    on_by_default: true,
};

pub static UNREAD_FIELD: RuleInfo = RuleInfo {
    code: "PL803",
    name: "unread-field",
    level: Severity::Note,
    summary: "a YAML card holds its text (or type line, mana cost, name, faces) under a field phaselint does not read, or JSON cards hold one as a value of a type it does not read",
    docs: "## What it does\nNotes a field of a YAML card or face that phaselint does not read but that seems to hold what it reads under another name: a key spelt like a field it reads (`Text`, `oracleText`, `typeline`, `type-line`, `manacost`), a common other name for one (`body`, `rules`, `oracle`, `ability`, `cost`, `card_faces`), or any key whose string holds timing words when the card has no text of its own. The location is the key; the note names the fields phaselint reads for it. It is given only when the card has none of those fields: beside a `text`, a `body` is taken for a second field, not a misplaced one. Metadata (`flavor`, `notes`, `artist`, `rarity`, `set`, `number`, ...) is never noted.\n\nIn JSON and JSON Lines, it notes a field phaselint reads (a name, text, type line or mana cost, `card_faces` or one of its faces) whose value is of a type it does not read: an object, an array, a number or a boolean where a string was expected (`\"text\": {\"#text\": \"...\"}`, as an XML-to-JSON converter writes it), a `card_faces` that is no array, a face that is no object. The cards are read with what they have, without that field; null is an absent field. One note is given for each key and type, however many cards hold such a value, at the first of them, with their number: a database of thousands of cards gets one line, not one for each card. A field phaselint does not read (`set`, `rarity`, `number`, ...) is never noted, whatever it holds. Unlike the YAML note, it is about the file, and an `[[ignore]]` entry for a card does not silence it.\n\n## Why\nText under a field phaselint does not read is never checked, and nothing else would say so: the card reads as a card without text. A JSON file whose cards hold their fields in another shape is read all the same: its fields of another type are neither errors that fail the run nor silently dropped.\n\n## Example\n```yaml\n- name: Misfiled Cog\n  type: Artifact\n  body: At end of turn, untap this artifact.\n```\n\n## Fix\nRename the key (`body` to `text`). If the field is not card text, allow the rule for the card with `# phaselint: allow(unread-field)`, or turn it off in phaselint.toml. In JSON, write the field as a string, or name in phaselint.toml (`[fields]`) another key that holds it as one.",
    fix: FixAvailability::None,
    on_by_default: true,
};

pub static LEGACY_ENCODING: RuleInfo = RuleInfo {
    code: "PL805",
    name: "legacy-encoding",
    level: Severity::Note,
    summary: "a card file is not UTF-8 and was read as Windows-1252",
    docs: "## What it does\nNotes a card file that is not UTF-8 but may be Windows-1252 (no NUL byte, and none of the five bytes Windows-1252 leaves undefined: 0x81, 0x8D, 0x8F, 0x90, 0x9D), and reads it as Windows-1252: a YAML, text, Forge, Magic Set Editor, CSV or TSV file, as older editors on Windows saved them. The location is the first byte that is not UTF-8. JSON (UTF-8 by its standard) and Cockatrice XML are not read so: such a file stays unreadable (PL900).\n\n## Why\nOne script in a hundred of a real Forge tree is Windows-1252; refusing it as binary would leave its card unchecked and fail the run over an encoding. Reading it silently would hide that other tools may read it otherwise. `--fix` writes the file back in Windows-1252, byte for byte but the fixed words, and refuses a fix that Windows-1252 cannot hold; it never turns the file into UTF-8. Standard input is always UTF-8.\n\n## Example\nA Forge script saved by an old editor, whose `Oracle:` line holds `Éveil` as the one byte 0xC9.\n\n## Fix\nNothing is needed. To drop the note, save the file as UTF-8 (most editors: \"Save with encoding\"), or turn the rule off in phaselint.toml.",
    fix: FixAvailability::None,
    on_by_default: true,
};

pub static UNUSED_ALLOW: RuleInfo = RuleInfo {
    code: "PL804",
    name: "unused-allow",
    level: Severity::Warning,
    summary: "a `# phaselint: allow(...)` comment names a rule that finds nothing to silence on its card",
    docs: "## What it does\nReports each rule named in a `# phaselint: allow(...)` comment that silences nothing: the rule runs on the card and, with the comment out of the way, finds nothing; or the rule is one an allow comment cannot turn off (an input problem PL9xx, or PL801, PL802, PL804). The location is the name inside the comment. A rule that is off for the card (by `phaselint.toml`, `--select` or `--ignore`, or off by default) is not judged: the comment may be there for a run that turns it on, and removing it then would let a finding through. `all` is never reported, for the same reason, and a name that is no rule is PL801's. `[[ignore]]` entries of `phaselint.toml` are not judged.\n\n## Why\nAn allow comment outlives the wording it was written for: once the text is fixed it silences nothing, and it would silence the next finding of that rule on the card unseen. As ruff's RUF100 reports unused `noqa` comments, phaselint reports unused allows.\n\n## Example\n```yaml\n# phaselint: allow(obsolete-end-of-turn)\n- name: Mended Lamplighter\n  text: At the beginning of your end step, untap target land you control.\n```\n\n## Fix\nA safe fix removes the name from the comment, and the comment (its whole line, when it has one of its own) when no name in it is left. An allow comment does not silence this warning; `phaselint.toml` or `--ignore` can.",
    fix: FixAvailability::Always,
    on_by_default: true,
};
