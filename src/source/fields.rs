//! The names card objects give their fields in JSON, JSON Lines and spreadsheets: the common
//! spellings, and the names a team adds in its `phaselint.toml` (`[fields]`).
//!
//! A key is compared by its letters and digits, in lower case: `rulesText`, `rules_text` and
//! `Rules Text` are one spelling. A key that ends in `2` after a known name (`cardName2`,
//! `rules_text_2`) is that field of the card's second face, as community bots write double-faced
//! cards.
//!
//! It knows names only; it knows nothing of a format's syntax.

use super::Field;

/// The spellings read without a config (normalized), besides the exact keys of MTGJSON, Scryfall
/// and the YAML format.
pub const COMMON_NAMES: &[(&str, Field)] = &[
    ("name", Field::Name),
    ("cardname", Field::Name),
    ("title", Field::Name),
    ("text", Field::Text),
    ("rulestext", Field::Text),
    ("ruletext", Field::Text),
    ("oracletext", Field::Text),
    ("type", Field::TypeLine),
    ("typeline", Field::TypeLine),
    ("manacost", Field::ManaCost),
    ("cost", Field::ManaCost),
    ("castingcost", Field::ManaCost),
];

/// The bytes a key of a common name can start with (its first letter or digit, in any case).
static COMMON_FIRST_BYTES: [bool; 256] = {
    let mut flags = [false; 256];
    let mut index = 0;
    while index < COMMON_NAMES.len() {
        let first = COMMON_NAMES[index].0.as_bytes()[0];
        flags[first as usize] = true;
        flags[first.to_ascii_uppercase() as usize] = true;
        index += 1;
    }
    flags
};

/// Lower case, letters and digits only: `oracleText`, `oracle-text` and `Oracle Text` are one
/// spelling.
pub fn normalized(key: &str) -> String {
    key.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// [`normalized`] into `buffer`, or `None` when it does not fit.
fn normalized_on_stack<'b>(key: &str, buffer: &'b mut [u8; 64]) -> Option<&'b str> {
    let mut length = 0;
    // A byte of a character that is not ASCII is never ASCII: the same letters `normalized` keeps.
    for byte in key.bytes().filter(u8::is_ascii_alphanumeric) {
        *buffer.get_mut(length)? = byte.to_ascii_lowercase();
        length += 1;
    }
    std::str::from_utf8(&buffer[..length]).ok()
}

/// The field names of a read: the common ones and a config's own.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FieldNames {
    /// A config's names (normalized), looked at before the common ones.
    own: Vec<(String, Field)>,
}

impl FieldNames {
    /// Adds `name` as a spelling of `field` (not [`Field::Faces`], which no flat object has).
    pub fn add(&mut self, field: Field, name: &str) {
        self.own.push((normalized(name), field));
    }

    /// The names a config added for `field` (normalized), in the order given.
    pub fn own_names(&self, field: Field) -> impl Iterator<Item = &str> {
        self.own
            .iter()
            .filter(move |(_, of)| *of == field)
            .map(|(name, _)| name.as_str())
    }

    /// The field `key` names, and the face it belongs to (0, or 1 for a `…2` key).
    pub fn lookup(&self, key: &str) -> Option<(Field, usize)> {
        // Most keys of a card object are no field's: most of those are turned away on their
        // first letter, the first of their normalized spelling, before they are normalized.
        // (An empty name, which no config gives, is the base of the key "2".)
        let first = key.bytes().find(u8::is_ascii_alphanumeric);
        let starts_a_name = |name: &str| {
            name.is_empty()
                || name.as_bytes().first().copied() == first.map(|b| b.to_ascii_lowercase())
        };
        let common = first.is_some_and(|byte| COMMON_FIRST_BYTES[usize::from(byte)]);
        if !common && !self.own.iter().any(|(name, _)| starts_a_name(name)) {
            return None;
        }
        // Every key of every card object is looked up: normalized on the stack when it is short,
        // as keys are, without a `String` each.
        let mut buffer = [0u8; 64];
        let long;
        let key = match normalized_on_stack(key, &mut buffer) {
            Some(key) => key,
            None => {
                long = normalized(key);
                long.as_str()
            }
        };
        if let Some(field) = self.field(key) {
            return Some((field, 0));
        }
        let base = key.strip_suffix('2')?;
        self.field(base).map(|field| (field, 1))
    }

    fn field(&self, key: &str) -> Option<Field> {
        self.own
            .iter()
            .map(|(name, field)| (name.as_str(), *field))
            .chain(COMMON_NAMES.iter().copied())
            .find(|(name, _)| *name == key)
            .map(|(_, field)| field)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_and_second_faces() {
        let names = FieldNames::default();
        assert_eq!(names.lookup("rulesText"), Some((Field::Text, 0)));
        assert_eq!(names.lookup("Rules Text"), Some((Field::Text, 0)));
        assert_eq!(names.lookup("cardName2"), Some((Field::Name, 1)));
        assert_eq!(names.lookup("rules_text_2"), Some((Field::Text, 1)));
        assert_eq!(names.lookup("typeLine"), Some((Field::TypeLine, 0)));
        assert_eq!(names.lookup("flavorText"), None);
        assert_eq!(names.lookup("2"), None);
        // Keys too long for the stack are normalized all the same.
        let long = format!("Rules Text{}", "_".repeat(100));
        assert_eq!(names.lookup(&long), Some((Field::Text, 0)));
        assert_eq!(names.lookup(&format!("x{}", "y".repeat(80))), None);
        // A letter that is not ASCII is dropped, as `normalized` drops it: "ules text".
        assert_eq!(names.lookup("Ｒules Text"), None);
        let mut own = FieldNames::default();
        own.add(Field::Text, "Effekt");
        assert_eq!(own.lookup("effekt2"), Some((Field::Text, 1)));
        assert_eq!(own.lookup("_Effekt"), Some((Field::Text, 0)));
        assert_eq!(own.lookup("Effe"), None);
        // The first-letter test turns away only keys no name is: every key of a few letters.
        let mut empty = FieldNames::default();
        empty.add(Field::Name, "--");
        let letters = ["", "2", "e", "n", "t", "x", "_", "E2", "x2", "ef", "fe"];
        for (a, b) in letters
            .iter()
            .flat_map(|a| letters.iter().map(move |b| (a, b)))
        {
            for key in [
                format!("{a}{b}"),
                format!("{a}{b}ffekt"),
                format!("{a}-{b}ame2"),
            ] {
                for names in [&FieldNames::default(), &own, &empty] {
                    let by_every_name = {
                        let key = normalized(&key);
                        names.field(&key).map(|field| (field, 0)).or_else(|| {
                            let base = key.strip_suffix('2')?;
                            names.field(base).map(|field| (field, 1))
                        })
                    };
                    assert_eq!(names.lookup(&key), by_every_name, "{key:?}");
                }
            }
        }
    }
}
