//! The learner's record has one owner: no code outside `progress` writes one of its
//! fields. The compiler holds most of it (the reader and the commands hold a
//! `progress::Learner`, whose record they see only as `&Progress`); this holds the rest,
//! on the text of `src/`, outside each file's tests:
//! - no `&mut` of a record type, and no call of the record's own mutating methods,
//!   outside `progress` and the file layer `store` (which reads and merges whole records
//!   through those methods);
//! - nowhere outside `progress`, the store included, a write to a field only the record
//!   has (`notes`, `hints_shown`, `resets`...), nor an `entry`/`get_mut` into its maps.
//!
//! The record's types, fields and mutating methods are read from `src/progress/`, so a
//! field or method added there is covered at once.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use super::source::{File, collect, strip};

/// The record's types (`src/progress/model.rs`).
const MODEL: &str = "src/progress/model.rs";
/// The files that define the record's `&mut self` methods.
const METHODS: &[&str] = &[
    "src/progress/model.rs",
    "src/progress/merge/mod.rs",
    "src/progress/absorb.rs",
];

/// What writing looks like after a field name: an assignment, or a mutating call.
const WRITES: &[&str] = &[
    "=",
    "+=",
    "-=",
    "*=",
    "|=",
    "&=",
    ".push(",
    ".insert(",
    ".entry(",
    ".clear(",
    ".retain(",
    ".remove(",
    ".extend(",
    ".iter_mut(",
    ".get_mut(",
    ".values_mut(",
    ".truncate(",
    ".drain(",
    ".append(",
    ".sort",
    ".dedup(",
];

/// The record's shape, read from its source.
pub struct Shape {
    pub types: BTreeSet<String>,
    /// Fields no other struct of the crate has.
    pub own_fields: BTreeSet<String>,
    pub methods: BTreeSet<String>,
    /// The maps of records inside it (`lessons`, `problems`).
    pub maps: BTreeSet<String>,
}

fn read(path: &str) -> String {
    fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path))
        .unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// `(struct name, its field names)` for each braced struct in `code`.
fn structs(code: &str) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("struct ") {
        rest = &rest[at + "struct ".len()..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let Some(open) = rest.find(['{', ';', '(']) else {
            break;
        };
        if !rest[open..].starts_with('{') {
            continue;
        }
        let body = &rest[open + 1..rest[open..].find('}').map_or(rest.len(), |e| open + e)];
        // One field a line (as rustfmt writes them): `pub name: Type,`.
        let fields = body
            .lines()
            .filter_map(|line| {
                let line = line.trim();
                let line = match line.strip_prefix("pub") {
                    Some(rest) if rest.starts_with('(') => rest.split_once(')')?.1,
                    Some(rest) => rest,
                    None => line,
                };
                let (name, _) = line.split_once(':')?;
                let name = name.trim();
                (!name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_'))
                    .then(|| name.to_string())
            })
            .collect();
        out.push((name, fields));
    }
    out
}

/// The record's types, fields only it has, and mutating methods, from `src/` as it is.
pub fn shape(files: &[File]) -> Shape {
    let model = strip(&read(MODEL));
    let record = structs(&model);
    let types: BTreeSet<String> = record.iter().map(|(n, _)| n.clone()).collect();
    let fields: BTreeSet<String> = record.iter().flat_map(|(_, f)| f.clone()).collect();
    let elsewhere: BTreeSet<String> = files
        .iter()
        .filter(|f| f.module != ["progress", "model"])
        .flat_map(|f| structs(&f.code))
        .flat_map(|(_, f)| f)
        .collect();
    let mut methods = BTreeSet::new();
    for path in METHODS {
        let code = strip(&read(path));
        for piece in code.split("fn ").skip(1) {
            let name: String = piece
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if piece[name.len()..].trim_start().starts_with("(&mut self") {
                methods.insert(name);
            }
        }
    }
    let maps = record
        .iter()
        .flat_map(|(_, f)| f.clone())
        .filter(|f| {
            model.contains(&format!("{f}: BTreeMap<String, "))
                && types
                    .iter()
                    .any(|t| model.contains(&format!("{f}: BTreeMap<String, {t}>")))
        })
        .collect();
    Shape {
        types,
        own_fields: fields.difference(&elsewhere).cloned().collect(),
        methods,
        maps,
    }
}

/// The code of a file without its `#[cfg(test)]` module (tests build records by hand).
fn outside_tests(code: &str) -> &str {
    code.find("#[cfg(test)]\nmod ")
        .or_else(|| code.find("#[cfg(test)] mod "))
        .map_or(code, |at| &code[..at])
}

/// Every write to the record outside `progress` in `files`, one line each.
pub fn record_writes(files: &[File], shape: &Shape) -> Vec<String> {
    let mut found = Vec::new();
    for file in files {
        let top = file.module.first().map(String::as_str);
        if top == Some("progress") || file.module.last().is_some_and(|m| m == "tests") {
            continue;
        }
        let name = file.module.join("::");
        let code = outside_tests(&file.code);
        let mut hit = |what: String| found.push(format!("{name}: {what}"));
        if top != Some("store") {
            for t in &shape.types {
                if contains_word(code, &format!("&mut {t}")) {
                    hit(format!("`&mut {t}`"));
                }
            }
            for m in &shape.methods {
                if code.contains(&format!(".{m}(")) {
                    hit(format!("calls the record's `{m}`"));
                }
            }
        }
        for f in &shape.own_fields {
            if writes(code, f) {
                hit(format!("writes `{f}`"));
            }
        }
        for f in &shape.maps {
            for call in [".entry(", ".get_mut(", ".values_mut(", ".iter_mut("] {
                if code.contains(&format!(".{f}{call}")) {
                    hit(format!("`{f}{call}`"));
                }
            }
        }
    }
    found
}

fn contains_word(code: &str, word: &str) -> bool {
    code.match_indices(word).any(|(at, _)| {
        !code[at + word.len()..]
            .chars()
            .next()
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

/// True when `code` writes a field named `field`: `.field` then an assignment or a
/// mutating call.
fn writes(code: &str, field: &str) -> bool {
    let needle = format!(".{field}");
    code.match_indices(&needle).any(|(at, _)| {
        let after = &code[at + needle.len()..];
        if after.starts_with(|c: char| c.is_alphanumeric() || c == '_') {
            return false;
        }
        let after = after.trim_start();
        let compared = after.starts_with("==") || after.starts_with("=>");
        !compared && WRITES.iter().any(|w| after.starts_with(w))
    })
}

fn source_files() -> Vec<File> {
    let mut files = Vec::new();
    collect(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &[],
        &mut files,
    );
    files
}

#[test]
fn no_code_outside_progress_writes_the_record() {
    let files = source_files();
    let shape = shape(&files);
    // The reading of the shape must find what it is about, or the lint checks nothing.
    for t in ["Progress", "ProblemRecord", "Note"] {
        assert!(shape.types.contains(t), "{:?}", shape.types);
    }
    for f in ["notes", "hints_shown", "solution_viewed", "resets"] {
        assert!(shape.own_fields.contains(f), "{:?}", shape.own_fields);
    }
    for m in ["problem_mut", "record_attempt", "merge_from"] {
        assert!(shape.methods.contains(m), "{:?}", shape.methods);
    }
    assert!(shape.maps.contains("lessons") && shape.maps.contains("problems"));
    let found = record_writes(&files, &shape);
    assert!(
        found.is_empty(),
        "the record is written outside `progress` (make it a method of \
         `progress::Learner`):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_lint_finds_planted_writes() {
    let files = source_files();
    let shape = shape(&files);
    let file = |module: &[&str], code: &str| File {
        module: module.iter().map(|m| m.to_string()).collect(),
        is_dir_root: false,
        code: strip(code),
    };
    let planted = [
        file(&["app", "x"], "fn f(p: &mut Progress) { p.notes.push(n); }"),
        file(
            &["commands", "y"],
            "fn g() { r.hints_shown += 1; o.progress.problem_mut(a, b); }",
        ),
        file(
            &["store", "z"],
            "fn h() { q.resets = 0; q.lessons.entry(s); }",
        ),
        file(
            &["app", "fine"],
            "fn k() { if r.resets == 0 {} let n = &p.notes; }\n\
             #[cfg(test)]\nmod tests { fn t() { p.notes.push(n); } }",
        ),
        file(
            &["progress", "learner"],
            "fn m(&mut self) { self.record.notes.push(n); }",
        ),
    ];
    assert_eq!(
        record_writes(&planted, &shape),
        [
            "app::x: `&mut Progress`",
            "app::x: writes `notes`",
            "commands::y: calls the record's `problem_mut`",
            "commands::y: writes `hints_shown`",
            "store::z: writes `resets`",
            "store::z: `lessons.entry(`",
        ]
    );
}
