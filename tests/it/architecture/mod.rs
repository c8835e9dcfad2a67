//! The crate's layering, kept by a test because the compiler does not keep it: modules
//! may not import each other in a loop (neither the top-level modules nor the files of
//! any one directory, a new directory included), the pure libraries `math` and `eval`
//! import nothing else of the crate, and the learner's record is walled off one way:
//! the layout does not import the store (nor the record beyond its view of problem
//! states), the record does not import the store.
//!
//! The test reads `src/` as text: it finds every path that starts with `crate`, `super`
//! or `self` (in `use` trees, braces expanded, and in code), and every `use` whose first
//! segment is a child module, resolves it to a module, and follows `pub use`
//! re-exports of a `mod.rs` so that `super::Name` counts as an import of the file that
//! defines `Name`.

mod app_fields;
mod graph;
mod record;
mod source;

use std::collections::{BTreeMap, BTreeSet};

use graph::{cycles, graph};
use source::{File, crate_of, paths, read_crate, resolve, strip};

/// Pure libraries (no terminal, no files of the learner's): each may import only the
/// pure libraries listed beside it. The evaluator names the course's trained model, and
/// the model reads its weights from the embedded course; nothing else is below them.
const PURE: &[(&str, &[&str])] = &[
    ("math", &[]),
    ("eval", &["model", "embedded"]),
    ("model", &["embedded", "disk"]),
    ("embedded", &[]),
    ("disk", &[]),
];

/// The walls around the learner's record, each a module, the modules it may not import,
/// and the one part of a forbidden module it may still import. The layout sees the
/// record only through the view of problem states (so a layout never depends on the
/// file layer or on the record's fields); the record (`progress`) knows no files and
/// nothing drawn; the file layer (`store`) knows the record and nothing above it; the
/// command line shares no code with the reader's state (`app`) or its drawing.
const WALLS: &[(&str, &[&str], &[&str])] = &[
    (
        "layout",
        &["store", "progress", "app", "ui", "tui", "commands"],
        &["progress::view"],
    ),
    (
        "progress",
        &["store", "layout", "ui", "app", "tui", "commands"],
        &[],
    ),
    ("app", &["store", "ui", "tui", "commands"], &[]),
    // The command line prints from the libraries, never from the reader's state.
    ("commands", &["app", "ui"], &[]),
    (
        "store",
        &[
            "layout", "ui", "app", "tui", "commands", "content", "problems",
        ],
        &[],
    ),
];

/// The house's floors, bottom first: a top-level module imports only modules on floors
/// below its own, so no arrow runs up (or sideways) and a loop cannot form. A new
/// top-level module gets a floor here.
const LAYERS: &[&[&str]] = &[
    &["disk", "embedded", "math", "sanitize"],
    &["model"],
    &["eval"],
    &["figure", "tty"],
    &["content"],
    &["problems", "cli", "lens"],
    &["progress", "check", "settings"],
    &["store", "layout"],
    &["app", "sync"],
    &["ui"],
    &["tui"],
    &["commands"],
];

#[test]
fn no_import_runs_up_the_floors() {
    let c = read_crate();
    let g = graph(&c, |m| m.first().cloned());
    let floor = |m: &str| LAYERS.iter().position(|l| l.contains(&m));
    let mut found = Vec::new();
    for (from, tos) in &g {
        let Some(here) = floor(from) else {
            found.push(format!("`{from}` has no floor in LAYERS"));
            continue;
        };
        for to in tos {
            match floor(to) {
                Some(there) if there < here => {}
                Some(_) => found.push(format!("{from} imports {to}, on its floor or above")),
                None => found.push(format!("`{to}` has no floor in LAYERS")),
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// Every command's standard output goes through `commands::say`, which sanitises course
/// and record text: no print macro in the crate (clippy's `disallowed-macros` would need
/// a `clippy.toml` at the top level, which the house keeps fixed).
#[test]
fn command_output_goes_through_say() {
    let mut files = Vec::new();
    source::collect(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &[],
        &mut files,
    );
    let found: Vec<String> = files
        .iter()
        .filter(|f| {
            let code = f.code.split("#[cfg(test)]").next().unwrap_or("");
            source::tokens(code)
                .windows(2)
                .any(|w| matches!(w[0].as_str(), "println" | "print") && w[1] == "!")
        })
        .map(|f| f.module.join("::"))
        .collect();
    assert!(
        found.is_empty(),
        "print macros outside commands::say in: {}",
        found.join(", ")
    );
}

#[test]
fn top_level_modules_import_no_loop() {
    let c = read_crate();
    let g = graph(&c, |m| m.first().cloned());
    let loops = cycles(&g);
    assert!(
        loops.is_empty(),
        "import loops between top-level modules:\n{}",
        loops.join("\n")
    );
}

#[test]
fn files_in_each_directory_import_no_loop() {
    let c = read_crate();
    let dirs: BTreeSet<&[String]> = c
        .imports
        .keys()
        .filter(|m| m.len() >= 2)
        .map(|m| &m[..m.len() - 1])
        .collect();
    assert!(
        dirs.iter().any(|d| d.len() >= 2),
        "nested directories (math/parser/, ...) are checked too: {dirs:?}"
    );
    let mut found = Vec::new();
    for dir in dirs {
        // Each file (or subdirectory) directly under `dir` is one node; `mod.rs` is left
        // out, its re-exports having been followed to the file that defines the name.
        let n = dir.len();
        let g = graph(&c, |m| {
            (m.len() > n && m[..n] == *dir).then(|| m[n].clone())
        });
        found.extend(
            cycles(&g)
                .into_iter()
                .map(|l| format!("{}/: {l}", dir.join("/"))),
        );
    }
    assert!(
        found.is_empty(),
        "import loops between files:\n{}",
        found.join("\n")
    );
}

#[test]
fn pure_libraries_import_nothing_of_the_crate() {
    let c = read_crate();
    let mut found = Vec::new();
    for (from, tos) in &c.imports {
        let Some((top, below)) = from
            .first()
            .and_then(|t| PURE.iter().find(|(name, _)| name == t))
        else {
            continue;
        };
        let allowed = |to: &Vec<String>| {
            to.first()
                .is_some_and(|t| t == top || below.contains(&t.as_str()))
        };
        for to in tos.iter().filter(|to| !allowed(to)) {
            found.push(format!(
                "{} imports {}",
                from.join("::"),
                if to.is_empty() {
                    "the crate root".to_string()
                } else {
                    to.join("::")
                }
            ));
        }
    }
    assert!(
        found.is_empty(),
        "math/, eval/, model/ and embedded must stay pure libraries:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_record_is_walled_off_one_way() {
    let found = wall_breaches(&read_crate().imports);
    assert!(
        found.is_empty(),
        "imports through the record's walls:\n{}",
        found.join("\n")
    );
}

/// Every import that goes through one of the [`WALLS`].
fn wall_breaches(imports: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<String> {
    let mut found = Vec::new();
    for (from, tos) in imports {
        let Some((_, forbidden, allowed)) = from
            .first()
            .and_then(|t| WALLS.iter().find(|(name, _, _)| name == t))
        else {
            continue;
        };
        for to in tos {
            let path = to.join("::");
            let is_under = |m: &str| path == m || path.starts_with(&format!("{m}::"));
            if forbidden.iter().any(|m| is_under(m)) && !allowed.iter().any(|m| is_under(m)) {
                found.push(format!("{} imports {path}", from.join("::")));
            }
        }
    }
    found
}

/// The checker itself must see a loop and an impure import: run it on a made-up crate.
#[test]
fn the_checker_finds_a_planted_loop() {
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    g.entry("a".into()).or_default().insert("b".into());
    g.entry("b".into()).or_default().insert("c".into());
    g.entry("c".into()).or_default().insert("a".into());
    g.entry("c".into()).or_default().insert("d".into());
    let loops = cycles(&g);
    assert_eq!(loops.len(), 1, "{loops:?}");
    assert!(loops[0].starts_with("a → b → c → a"), "{loops:?}");

    let file = File {
        module: vec!["math".into(), "lexer".into()],
        is_dir_root: false,
        code: strip(
            "use super::{parser::MAX_DEPTH, ast::{Node, Kind as K}};\n\
             // use crate::ui;\n\
             fn f() { let s = \"crate::app\"; crate::store::open(); }",
        ),
    };
    let modules: BTreeSet<Vec<String>> = [
        vec![],
        vec!["math".into()],
        vec!["math".into(), "lexer".into()],
        vec!["math".into(), "parser".into()],
        vec!["math".into(), "ast".into()],
        vec!["store".into()],
    ]
    .into_iter()
    .collect();
    let resolved: BTreeSet<Vec<String>> = paths(&file)
        .iter()
        .filter_map(|(p, _)| resolve(p, &file, &modules))
        .collect();
    let expect: BTreeSet<Vec<String>> = [
        vec!["math".to_string(), "parser".into()],
        vec!["math".into(), "ast".into()],
        vec!["store".into()],
    ]
    .into_iter()
    .collect();
    assert_eq!(resolved, expect);

    // `super::Name` where `mod.rs` only re-exports `Name`: an import of the file that
    // defines it, so two files reaching each other that way are a loop.
    let file = |module: &[&str], is_dir_root, code: &str| File {
        module: module.iter().map(|m| m.to_string()).collect(),
        is_dir_root,
        code: strip(code),
    };
    let planted = [
        file(&[], true, "mod app;"),
        file(
            &["app"],
            true,
            "mod a; mod b; pub use a::{Alpha}; pub use b::Beta;",
        ),
        file(&["app", "a"], false, "use super::Beta; pub struct Alpha;"),
        file(&["app", "b"], false, "pub struct Beta(super::Alpha);"),
    ];
    let imports = crate_of(&planted).imports;
    let of = |m: &str| imports[&vec!["app".to_string(), m.to_string()]].clone();
    assert_eq!(of("a"), [vec!["app".to_string(), "b".into()]].into());
    assert_eq!(of("b"), [vec!["app".to_string(), "a".into()]].into());

    // A name another module re-exports is an import of that module, not of the owner:
    // `cli` taking `commands::one_line` (a re-export of `sanitize`) depends on
    // `commands`, which is how the one import circle once hid.
    let planted = [
        file(&[], true, "mod cli; mod commands; mod sanitize;"),
        file(
            &["commands"],
            true,
            "pub use crate::sanitize::one_line; use crate::cli::Cli;",
        ),
        file(&["cli"], false, "fn f() { crate::commands::one_line(s); }"),
        file(&["sanitize"], false, "pub fn one_line() {}"),
    ];
    let imports = crate_of(&planted).imports;
    assert_eq!(
        imports[&vec!["cli".to_string()]],
        [vec!["commands".to_string()]].into()
    );
    let g = graph(&crate_of(&planted), |m| m.first().cloned());
    assert_eq!(cycles(&g).len(), 1, "cli -> commands -> cli");

    // A layout importing the file layer, or the record past its view, breaches a wall;
    // the view itself does not.
    let planted: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = [(
        vec!["layout".to_string(), "blocks".into()],
        [
            vec!["store".to_string()],
            vec!["progress".into(), "model".into()],
            vec!["progress".into(), "view".into()],
        ]
        .into_iter()
        .collect(),
    )]
    .into_iter()
    .collect();
    assert_eq!(
        wall_breaches(&planted),
        [
            "layout::blocks imports progress::model",
            "layout::blocks imports store"
        ]
    );
}
