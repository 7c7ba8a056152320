//! The JSON Schema (draft 2020-12) of phaselint.toml, for editors that complete and validate it
//! (`phaselint config-schema`; Taplo and Even Better TOML take a JSON Schema). It is built from
//! what the reader itself uses: the keys of each table are the fields of the reader's serde
//! structs (asked of serde, so a key added there is in the schema), the rules come from the
//! registry, the levels from [`Level::ALL`] and the editions from their years. The schema checks
//! the shape and the names; the reader checks more (a rule configured twice, a glob that does not
//! parse or leads out with `..`, a field name with no letter), and reports it with its place.

use super::Level;
use super::raw::{RawConfig, RawFields, RawFiles, RawIgnore};
use crate::edition::{CURRENT_YEAR, FIRST_YEAR};
use crate::rules::{RuleInfo, is_input_problem, registry};
use serde::Deserialize;
use serde::de::{self, Deserializer, Visitor};
use serde_json::{Map, Value, json};

const DIALECT: &str = "https://json-schema.org/draft/2020-12/schema";

/// The schema, as a JSON value.
pub fn json_schema() -> Value {
    let mut schema = table::<RawConfig>(top_level);
    let object = schema.as_object_mut();
    if let Some(object) = object {
        object.insert("$schema".into(), json!(DIALECT));
        object.insert("title".into(), json!("phaselint.toml"));
        object.insert(
            "description".into(),
            json!("phaselint's settings for the card files of this directory and below"),
        );
        object.insert("$defs".into(), json!({ "level": level(), "rule": rule() }));
    }
    schema
}

/// A table whose keys are the fields of `T`, as the reader takes them (`deny_unknown_fields`),
/// each described by `property` (`None`: any value, which a test keeps from happening).
fn table<'de, T: Deserialize<'de>>(property: fn(&str) -> Option<Value>) -> Value {
    let properties: Map<String, Value> = fields_of::<T>()
        .iter()
        .map(|&field| (field.to_string(), property(field).unwrap_or(json!({}))))
        .collect();
    json!({ "type": "object", "properties": properties, "additionalProperties": false })
}

fn top_level(field: &str) -> Option<Value> {
    Some(match field {
        "edition" => {
            let mut editions = vec!["current".to_string()];
            editions.extend((FIRST_YEAR..=CURRENT_YEAR).map(|year| year.to_string()));
            json!({
                "description": "the edition of the rules the cards are written in: its templates are no obsolete wording",
                "type": "string",
                "enum": editions,
            })
        }
        "rules" => {
            let mut by_name = Map::new();
            for rule in configurable() {
                let level = json!({ "$ref": "#/$defs/level", "description": rule.summary });
                by_name.insert(rule.code.to_string(), level.clone());
                by_name.insert(rule.name.to_string(), level);
            }
            json!({
                "description": "levels by rule code or name",
                "type": "object",
                "properties": by_name,
                // A code in any case, as the reader looks it up.
                "patternProperties": { code_pattern(): { "$ref": "#/$defs/level" } },
                "additionalProperties": false,
            })
        }
        "ignore" => json!({
            "description": "rules turned off for the files a glob matches, or for a card by its name",
            "type": "array",
            "items": with_entry_rules(table::<RawIgnore>(ignore_entry_property)),
        }),
        "files" => table::<RawFiles>(|field| {
            let what = match field {
                "include" => "globs of files to check besides the known extensions",
                "exclude" => "globs of files and directories not to check",
                _ => return None,
            };
            Some(globs(what))
        }),
        "fields" => table::<RawFields>(|field| {
            Some(json!({
                "description": format!("more names of the card field `{field}` in JSON and spreadsheets"),
                "type": "array",
                "items": { "type": "string" },
            }))
        }),
        _ => return None,
    })
}

/// An `[[ignore]]` entry: `path` or `card`, exactly one, and its rules.
fn ignore_entry_property(field: &str) -> Option<Value> {
    Some(match field {
        "path" => json!({ "description": "a glob relative to this file", "type": "string" }),
        "card" => json!({ "description": "a card's name, compared exactly", "type": "string" }),
        "rules" => json!({
            "description": "rule codes or names, or \"all\"",
            "type": "array",
            "items": { "$ref": "#/$defs/rule" },
            "minItems": 1,
        }),
        _ => return None,
    })
}

/// The schema of `[[ignore]]` entries, with what the fields alone cannot say.
fn with_entry_rules(mut entry: Value) -> Value {
    if let Some(object) = entry.as_object_mut() {
        object.insert("required".into(), json!(["rules"]));
        object.insert(
            "oneOf".into(),
            json!([{ "required": ["path"] }, { "required": ["card"] }]),
        );
    }
    entry
}

fn globs(description: &str) -> Value {
    json!({ "description": description, "type": "array", "items": { "type": "string" } })
}

fn level() -> Value {
    let levels: Vec<&str> = Level::ALL
        .iter()
        .map(|level| level.as_str())
        .chain(Level::ALIASES.iter().map(|(alias, _)| *alias))
        .collect();
    json!({ "type": "string", "enum": levels })
}

/// A rule a config may name: its code in any case, its name, or `all`.
fn rule() -> Value {
    let mut names = vec!["all"];
    for rule in configurable() {
        names.extend([rule.code, rule.name]);
    }
    json!({
        "type": "string",
        "anyOf": [{ "enum": names }, { "pattern": code_pattern() }],
    })
}

/// The rules a config may set or ignore: all but the input problems, which always report.
fn configurable() -> impl Iterator<Item = &'static RuleInfo> {
    registry()
        .iter()
        .copied()
        .filter(|rule| !is_input_problem(rule))
}

/// `^[Pp][Ll](?:001|101|…)$`: the configurable codes in any case, as ECMA-262 and Rust read it.
fn code_pattern() -> String {
    let numbers: Vec<&str> = configurable()
        .filter_map(|rule| rule.code.get(2..))
        .collect();
    format!("^[Pp][Ll](?:{})$", numbers.join("|"))
}

/// The fields serde's derive gives `T` (renamed as the file writes them): it hands them to
/// `deserialize_struct`, where this deserializer takes them and stops.
fn fields_of<'de, T: Deserialize<'de>>() -> &'static [&'static str] {
    let mut catcher = FieldCatcher(&[]);
    let _ = T::deserialize(&mut catcher);
    catcher.0
}

struct FieldCatcher(&'static [&'static str]);

impl<'de> Deserializer<'de> for &mut FieldCatcher {
    type Error = de::value::Error;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Self::Error> {
        Err(de::Error::custom("only a struct's fields are asked"))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        fields: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Self::Error> {
        self.0 = fields;
        Err(de::Error::custom("the fields are taken"))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier
        ignored_any
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every `properties` entry of the schema, with its path.
    fn properties(value: &Value, path: &str, out: &mut Vec<(String, Value)>) {
        if let Some(object) = value.as_object() {
            if let Some(Value::Object(properties)) = object.get("properties") {
                for (key, property) in properties {
                    out.push((format!("{path}.{key}"), property.clone()));
                }
            }
            for (key, inner) in object {
                properties(inner, &format!("{path}/{key}"), out);
            }
        }
    }

    #[test]
    fn every_key_of_the_reader_is_described() {
        let mut found = Vec::new();
        properties(&json_schema(), "", &mut found);
        let undescribed: Vec<&String> = found
            .iter()
            .filter(|(_, property)| property == &json!({}))
            .map(|(path, _)| path)
            .collect();
        assert!(undescribed.is_empty(), "{undescribed:?}");
        let top: Vec<&str> = fields_of::<RawConfig>().to_vec();
        assert_eq!(top, ["rules", "ignore", "files", "edition", "fields"]);
        assert_eq!(
            fields_of::<RawFields>(),
            ["name", "text", "type", "mana-cost"]
        );
    }

    #[test]
    fn ignore_entries_need_rules_and_one_target() {
        let schema = json_schema();
        let entry = &schema["properties"]["ignore"]["items"];
        assert_eq!(entry["required"], json!(["rules"]));
        assert_eq!(entry["oneOf"].as_array().map(Vec::len), Some(2));
        assert_eq!(entry["additionalProperties"], json!(false));
    }

    #[test]
    fn input_problems_are_not_offered() {
        let text = json_schema().to_string();
        assert!(text.contains("\"PL101\""));
        assert!(!text.contains("\"PL900\""));
        assert!(!code_pattern().contains("900"));
    }
}
