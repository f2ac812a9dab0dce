//! The TOML of PHH documents, written: `key = value` lines, as PokerKit's `dumps` writes them
//! (strings in single quotes unless they hold one, arrays on one line, `[1]`, `[2]`, ... tables
//! for many hands).

use crate::error::{Error, Result};

/// A TOML value.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    /// Written as it is (a local time: `09:30:00`).
    Raw(String),
    List(Vec<Value>),
    Table(Vec<(String, Value)>),
}

fn bare_key(key: &str) -> bool {
    !key.is_empty()
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

fn control(ch: char) -> bool {
    (ch < ' ' && ch != '\t') || ch == '\u{7f}'
}

/// Appends a string: literal (`'...'`) when it can be, else basic with escapes.
pub fn push_str(out: &mut String, text: &str) {
    if !text.contains('\'') && !text.chars().any(control) {
        out.push('\'');
        out.push_str(text);
        out.push('\'');
        return;
    }
    out.push('"');
    for ch in text.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if control(c) => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

fn push_key(out: &mut String, key: &str) {
    if bare_key(key) {
        out.push_str(key);
    } else {
        push_str(out, key);
    }
}

/// Appends a value.
pub fn push_value(out: &mut String, value: &Value) -> Result<()> {
    match value {
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Int(i) => out.push_str(&i.to_string()),
        Value::Float(f) => {
            if f.is_nan() {
                out.push_str("nan");
            } else if f.is_infinite() {
                out.push_str(if *f > 0.0 { "inf" } else { "-inf" });
            } else {
                out.push_str(&format!("{f:?}"));
            }
        }
        Value::Str(s) => push_str(out, s),
        Value::Raw(s) => out.push_str(s),
        Value::List(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                push_value(out, item)?;
            }
            out.push(']');
        }
        Value::Table(pairs) => {
            out.push('{');
            for (i, (key, item)) in pairs.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                push_key(out, key);
                out.push_str(" = ");
                push_value(out, item)?;
            }
            out.push('}');
        }
    }
    Ok(())
}

/// Appends one `key = value` line (a newline first unless `out` is empty).
pub fn push_field(out: &mut String, key: &str, value: &Value) -> Result<()> {
    if key.is_empty() {
        return Err(Error::InvalidArgument("a field needs a name".into()));
    }
    if !out.is_empty() {
        out.push('\n');
    }
    push_key(out, key);
    out.push_str(" = ");
    push_value(out, value)
}

/// `key = value` lines.
pub fn fields(items: &[(String, Value)]) -> Result<String> {
    let mut out = String::new();
    for (key, value) in items {
        push_field(&mut out, key, value)?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_written_as_toml() {
        let items = vec![
            ("variant".to_string(), Value::Str("NT".into())),
            (
                "antes".to_string(),
                Value::List(vec![Value::Int(0), Value::Int(-5)]),
            ),
            (
                "players".to_string(),
                Value::List(vec![Value::Str("O'Neil".into())]),
            ),
            ("note".to_string(), Value::Str("a\tb\u{1}\n\"c\\".into())),
            ("ok".to_string(), Value::Bool(false)),
            ("limit".to_string(), Value::Float(30.5)),
            ("big".to_string(), Value::Float(1e20)),
            ("bank".to_string(), Value::Float(f64::INFINITY)),
            ("time".to_string(), Value::Raw("09:30:00".into())),
            (
                "b c".to_string(),
                Value::Table(vec![("x".into(), Value::Int(1))]),
            ),
        ];
        assert_eq!(
            fields(&items).unwrap(),
            "variant = 'NT'\nantes = [0, -5]\nplayers = [\"O'Neil\"]\n\
             note = \"a\tb\\u0001\\n\\\"c\\\\\"\nok = false\nlimit = 30.5\nbig = 1e20\n\
             bank = inf\ntime = 09:30:00\n'b c' = {x = 1}"
        );
    }
}
