//! The top-level members of a JSON object, read without descending into their values. A message
//! nested deeper than serde_json reads (128 levels) still tells its `id` and whether it has a
//! `method` this way, so the client is answered instead of waiting for an answer forever.

/// Each top-level member of the JSON object in `body` as far as it reads: the key (decoded) and
/// the bytes of the value (untouched). Nested values are passed over by counting brackets outside
/// strings, in a loop, so no depth of nesting costs stack.
pub fn members(body: &[u8]) -> Vec<(String, &[u8])> {
    let mut members = Vec::new();
    let mut at = skip_space(body, 0);
    if body.get(at) != Some(&b'{') {
        return members;
    }
    at += 1;
    loop {
        at = skip_space(body, at);
        let Some(key_end) = string_end(body, at) else {
            break;
        };
        let Ok(key) = serde_json::from_slice::<String>(&body[at..key_end]) else {
            break;
        };
        at = skip_space(body, key_end);
        if body.get(at) != Some(&b':') {
            break;
        }
        let start = skip_space(body, at + 1);
        let Some(end) = value_end(body, start) else {
            break;
        };
        members.push((key, &body[start..end]));
        at = skip_space(body, end);
        if body.get(at) != Some(&b',') {
            break;
        }
        at += 1;
    }
    members
}

fn skip_space(body: &[u8], at: usize) -> usize {
    at + body
        .get(at..)
        .unwrap_or_default()
        .iter()
        .take_while(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r'))
        .count()
}

/// The end (past the closing quote) of the string that starts at `at`.
fn string_end(body: &[u8], at: usize) -> Option<usize> {
    if body.get(at) != Some(&b'"') {
        return None;
    }
    let mut i = at + 1;
    while let Some(&byte) = body.get(i) {
        match byte {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

/// The end of the value that starts at `at`: a string, an array or an object however deep, or a
/// scalar, which ends at the next delimiter.
fn value_end(body: &[u8], at: usize) -> Option<usize> {
    match body.get(at)? {
        b'"' => string_end(body, at),
        b'{' | b'[' => {
            let mut depth = 0usize;
            let mut i = at;
            while let Some(&byte) = body.get(i) {
                match byte {
                    b'"' => {
                        i = string_end(body, i)?;
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(i + 1);
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
            None
        }
        _ => {
            let rest = &body[at..];
            let length = rest
                .iter()
                .position(|b| matches!(b, b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r'))
                .unwrap_or(rest.len());
            (length > 0).then_some(at + length)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(body: &str) -> Vec<(String, String)> {
        members(body.as_bytes())
            .into_iter()
            .map(|(key, value)| (key, String::from_utf8_lossy(value).into_owned()))
            .collect()
    }

    fn pairs(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(key, value)| (key.to_string(), value.to_string()))
            .collect()
    }

    #[test]
    fn members_are_read_past_nesting_of_any_depth() {
        let deep = "[".repeat(100_000) + &"]".repeat(100_000);
        let body = format!(r#" {{ "params" : {deep}, "i\u0064":7 ,"method":"x"}}"#);
        assert_eq!(
            read(&body),
            pairs(&[("params", &deep), ("id", "7"), ("method", "\"x\"")])
        );
    }

    #[test]
    fn brackets_and_quotes_inside_strings_are_text() {
        let body = r#"{"params":{"a":"]}\"[{"},"id":"a \"b\" }","method":null}"#;
        assert_eq!(
            read(body),
            pairs(&[
                ("params", r#"{"a":"]}\"[{"}"#),
                ("id", r#""a \"b\" }""#),
                ("method", "null"),
            ])
        );
    }

    #[test]
    fn reading_stops_where_the_object_breaks() {
        assert_eq!(read(r#"{"id":1,"params":[[["#), pairs(&[("id", "1")]));
        assert_eq!(read(r#"{"id":2 "method":"x"}"#), pairs(&[("id", "2")]));
        assert_eq!(read(r#"{"id":"#), pairs(&[]));
        assert_eq!(read(r#"{"id\"#), pairs(&[]));
        assert_eq!(read(r#"[{"id":1}]"#), pairs(&[]));
        assert_eq!(read(""), pairs(&[]));
    }
}
