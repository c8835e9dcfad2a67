//! Unknown fields (`extra`, at every level of the record) as a join: the union, tables
//! merged key by key, and any other conflict settled by a total order on the values
//! themselves, so that which side is the base never decides what a merge keeps.

use std::cmp::Ordering;

use toml::Value;

/// Merges `incoming`'s unknown fields into `base`: a key only one side has is kept, two
/// tables merge key by key, a table wins over a value that is not one (it may hold
/// more), and two other values keep the greater by [`cmp_values`]. This release never
/// changes a field it does not know, so a differing value came from elsewhere; either is
/// as good a guess, and choosing by value makes the merge commutative.
pub(super) fn merge_extra(base: &mut toml::Table, incoming: &toml::Table) {
    for (key, value) in incoming {
        match base.get_mut(key) {
            Some(current) => join_value(current, value),
            None => {
                base.insert(key.clone(), value.clone());
            }
        }
    }
}

fn join_value(current: &mut Value, incoming: &Value) {
    match (current, incoming) {
        (Value::Table(current), Value::Table(other)) => merge_extra(current, other),
        (Value::Table(_), _) => {}
        (current, incoming) => {
            if incoming.is_table() || cmp_values(incoming, current) == Ordering::Greater {
                *current = incoming.clone();
            }
        }
    }
}

/// A total order on TOML values: by kind first, then by content (floats by
/// `total_cmp`, date-times by their text, arrays and tables element by element; a
/// table's keys come sorted, `toml::Table` being a `BTreeMap`).
fn cmp_values(a: &Value, b: &Value) -> Ordering {
    let kind = |v: &Value| match v {
        Value::Boolean(_) => 0,
        Value::Integer(_) => 1,
        Value::Float(_) => 2,
        Value::String(_) => 3,
        Value::Datetime(_) => 4,
        Value::Array(_) => 5,
        Value::Table(_) => 6,
    };
    match (a, b) {
        (Value::Boolean(a), Value::Boolean(b)) => a.cmp(b),
        (Value::Integer(a), Value::Integer(b)) => a.cmp(b),
        (Value::Float(a), Value::Float(b)) => a.total_cmp(b),
        (Value::String(a), Value::String(b)) => a.cmp(b),
        (Value::Datetime(a), Value::Datetime(b)) => a.to_string().cmp(&b.to_string()),
        (Value::Array(a), Value::Array(b)) => cmp_seq(a.iter(), b.iter()),
        (Value::Table(a), Value::Table(b)) => cmp_tables(a, b),
        _ => kind(a).cmp(&kind(b)),
    }
}

/// [`cmp_values`] for two tables (an attempt's unknown fields settle a tie with them).
pub(super) fn cmp_tables(a: &toml::Table, b: &toml::Table) -> Ordering {
    let mut a = a.iter();
    let mut b = b.iter();
    loop {
        match (a.next(), b.next()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some((ka, va)), Some((kb, vb))) => {
                let order = ka.cmp(kb).then_with(|| cmp_values(va, vb));
                if order != Ordering::Equal {
                    return order;
                }
            }
        }
    }
}

fn cmp_seq<'a>(
    mut a: impl Iterator<Item = &'a Value>,
    mut b: impl Iterator<Item = &'a Value>,
) -> Ordering {
    loop {
        match (a.next(), b.next()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(x), Some(y)) => {
                let order = cmp_values(x, y);
                if order != Ordering::Equal {
                    return order;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(text: &str) -> toml::Table {
        toml::from_str(text).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn conflicts_are_settled_by_value_whichever_side_is_the_base() {
        let a = table("theme = \"dark\"\nn = 1\nx = 2\n[flags]\na = 1\n");
        let b = table("theme = \"light\"\nn = 1.5\nx = { deep = true }\n[flags]\nb = 2\n");
        let mut ab = a.clone();
        merge_extra(&mut ab, &b);
        let mut ba = b.clone();
        merge_extra(&mut ba, &a);
        assert_eq!(ab, ba);
        assert_eq!(ab["theme"].as_str(), Some("light"));
        // A float is after an integer (by kind), a table wins over a value.
        assert_eq!(ab["n"].as_float(), Some(1.5));
        assert!(ab["x"].is_table());
        let flags: Vec<&String> = ab["flags"]
            .as_table()
            .map_or(vec![], |t| t.keys().collect());
        assert_eq!(flags, ["a", "b"]);
    }
}
