//! `App` routes between components: its fields stay private (a component's file is the
//! only one that changes its state) and their number may only go down. The ceiling is
//! where the refactor stands (#27 asks for ~10); lower it as components take fields over.

use std::path::Path;

/// Today's count; a change that adds a field to `App` fails here.
const MOST_FIELDS: usize = 30;

/// The field lines of `pub struct App { ... }` in `src/app/mod.rs`.
fn app_fields() -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app/mod.rs");
    let text = std::fs::read_to_string(&path).expect("src/app/mod.rs");
    let body = (text.lines())
        .skip_while(|l| !l.starts_with("pub struct App {"))
        .skip(1)
        .take_while(|l| *l != "}");
    body.map(str::trim)
        .filter(|l| is_field(l))
        .map(str::to_string)
        .collect()
}

/// `name: Type` (maybe `pub`, `pub(crate)`): not a comment, an attribute or a line of a
/// type written over several lines (`std::...` has `::` after its first word).
fn is_field(line: &str) -> bool {
    let bare = match line.strip_prefix("pub") {
        Some(rest) => rest.split_once(' ').map_or("", |(_, r)| r),
        None => line,
    };
    match bare.split_once(':') {
        Some((name, rest)) => {
            !name.is_empty()
                && name.chars().all(|c| c.is_alphanumeric() || c == '_')
                && rest.starts_with(' ')
        }
        None => false,
    }
}

#[test]
fn app_fields_are_private_and_do_not_grow() {
    let fields = app_fields();
    assert!(fields.len() >= 5, "App's fields not found: {fields:?}");
    assert!(is_field("pub(crate) size: (u16, u16),") && !is_field("std::sync::Arc<X>,"));
    let public: Vec<&String> = fields.iter().filter(|f| f.starts_with("pub")).collect();
    assert!(public.is_empty(), "public App fields: {public:?}");
    assert!(
        fields.len() <= MOST_FIELDS,
        "App has {} fields, at most {MOST_FIELDS}: move state into a component",
        fields.len()
    );
}
