//! A validator for the part of JSON Schema that `phaselint config-schema` writes: `type`,
//! `properties`, `patternProperties`, `additionalProperties`, `required`, `enum`, `pattern`,
//! `items`, `minItems`, `anyOf`, `oneOf` and `$ref` into `$defs`. A keyword it does not know fails
//! the check, so the schema cannot grow past what the tests validate.
#![allow(dead_code)]

use serde_json::Value;

const ANNOTATIONS: &[&str] = &["$schema", "$defs", "title", "description"];

/// The places in `value` where it breaks `schema`, each as `path: why`; empty when it holds.
pub fn violations(schema: &Value, value: &Value) -> Vec<String> {
    let mut found = Vec::new();
    check(schema, schema, value, "", &mut found);
    found
}

/// A phaselint.toml's text as the JSON value the schema describes.
pub fn toml_as_json(text: &str) -> Value {
    let parsed: toml::Value = toml::from_str(text).unwrap_or_else(|error| panic!("TOML: {error}"));
    serde_json::to_value(parsed).expect("a TOML value is JSON")
}

fn check(root: &Value, schema: &Value, value: &Value, path: &str, found: &mut Vec<String>) {
    let Some(schema) = schema.as_object() else {
        panic!("a schema is an object at {path}: {schema}");
    };
    for (keyword, argument) in schema {
        let mut fail = |why: String| found.push(format!("{path}: {why}"));
        match keyword.as_str() {
            "$ref" => {
                let name = argument
                    .as_str()
                    .and_then(|reference| reference.strip_prefix("#/$defs/"))
                    .expect("a reference into $defs");
                check(root, &root["$defs"][name], value, path, found);
            }
            "type" => {
                let holds = match argument.as_str().expect("one type") {
                    "object" => value.is_object(),
                    "array" => value.is_array(),
                    "string" => value.is_string(),
                    other => panic!("type {other} is not written by the schema"),
                };
                if !holds {
                    fail(format!("{value} is not of type {argument}"));
                }
            }
            "enum" => {
                if !argument.as_array().expect("a list").contains(value) {
                    fail(format!("{value} is not one of {argument}"));
                }
            }
            "pattern" => {
                let pattern = regex::Regex::new(argument.as_str().expect("a string"))
                    .expect("the pattern is a regex");
                if value.as_str().is_some_and(|text| !pattern.is_match(text)) {
                    fail(format!("{value} does not match {argument}"));
                }
            }
            "minItems" => {
                let min = argument.as_u64().expect("a count") as usize;
                if value.as_array().is_some_and(|items| items.len() < min) {
                    fail(format!("fewer than {min} items"));
                }
            }
            "items" => {
                for (index, item) in value.as_array().into_iter().flatten().enumerate() {
                    check(root, argument, item, &format!("{path}[{index}]"), found);
                }
            }
            "required" => {
                if let Some(object) = value.as_object() {
                    for key in argument.as_array().expect("a list") {
                        let key = key.as_str().expect("a key");
                        if !object.contains_key(key) {
                            fail(format!("`{key}` is required"));
                        }
                    }
                }
            }
            "anyOf" | "oneOf" => {
                let holding = argument
                    .as_array()
                    .expect("a list")
                    .iter()
                    .filter(|inner| {
                        let mut inner_found = Vec::new();
                        check(root, inner, value, path, &mut inner_found);
                        inner_found.is_empty()
                    })
                    .count();
                let holds = if keyword == "anyOf" {
                    holding >= 1
                } else {
                    holding == 1
                };
                if !holds {
                    fail(format!("{holding} of {keyword} {argument} hold"));
                }
            }
            "properties" | "patternProperties" => {}
            "additionalProperties" => {}
            keyword if ANNOTATIONS.contains(&keyword) => {}
            other => panic!("keyword {other} is not validated here"),
        }
    }
    if let Some(object) = value.as_object() {
        check_properties(root, schema, object, path, found);
    }
}

/// `properties`, `patternProperties` and `additionalProperties` over the keys of `object`.
fn check_properties(
    root: &Value,
    schema: &serde_json::Map<String, Value>,
    object: &serde_json::Map<String, Value>,
    path: &str,
    found: &mut Vec<String>,
) {
    let properties = schema.get("properties").and_then(Value::as_object);
    let patterns: Vec<(regex::Regex, &Value)> = schema
        .get("patternProperties")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .map(|(pattern, inner)| (regex::Regex::new(pattern).expect("a regex"), inner))
        .collect();
    for (key, inner) in object {
        let at = format!("{path}.{key}");
        let mut matched = false;
        if let Some(property) = properties.and_then(|properties| properties.get(key)) {
            matched = true;
            check(root, property, inner, &at, found);
        }
        for (pattern, property) in &patterns {
            if pattern.is_match(key) {
                matched = true;
                check(root, property, inner, &at, found);
            }
        }
        match schema.get("additionalProperties") {
            Some(Value::Bool(false)) if !matched => {
                found.push(format!("{at}: no such key"));
            }
            Some(Value::Object(_)) if !matched => {
                check(root, &schema["additionalProperties"], inner, &at, found);
            }
            _ => {}
        }
    }
}
