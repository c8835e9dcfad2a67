//! The crate's layering, kept by a test because the compiler does not keep it: modules
//! may not import each other in a loop (neither the top-level modules nor the files of
//! `math/`, `eval/`, `ui/` and `content/`), the pure libraries `math` and `eval`
//! import nothing else of the crate, and the learner's record is walled off one way:
//! the layout does not import the store (nor the record beyond its view of problem
//! states), the record does not import the store.
//!
//! The test reads `src/` as text: it finds every path that starts with `crate`, `super`
//! or `self` (in `use` trees, braces expanded, and in code), and every `use` whose first
//! segment is a child module, resolves it to a module, and follows `pub use`
//! re-exports of a `mod.rs` so that `super::Name` counts as an import of the file that
//! defines `Name`.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// The directories whose files are checked for loops among themselves.
const FILE_LEVEL: &[&str] = &["math", "eval", "ui", "content"];
/// Pure libraries (no terminal, no files of the learner's): each may import only the
/// pure libraries listed beside it. The evaluator names the course's trained model, and
/// the model reads its weights from the embedded course; nothing else is below them.
const PURE: &[(&str, &[&str])] = &[
    ("math", &[]),
    ("eval", &["model", "embedded"]),
    ("model", &["embedded"]),
    ("embedded", &[]),
];

/// The walls around the learner's record, each a module, the modules it may not import,
/// and the one part of a forbidden module it may still import. The layout sees the
/// record only through the view of problem states (so a layout never depends on the
/// file layer or on the record's fields); the record (`progress`) knows no files and
/// nothing drawn; the file layer (`store`) knows the record and nothing above it.
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
    (
        "store",
        &[
            "layout", "ui", "app", "tui", "commands", "content", "problems",
        ],
        &[],
    ),
];

/// One source file: its module path (`["math", "parser", "env"]`) and whether it is a
/// `mod.rs`/`lib.rs` (so its children are its own submodules).
struct File {
    module: Vec<String>,
    is_dir_root: bool,
    code: String,
}

fn collect(dir: &Path, prefix: &[String], out: &mut Vec<File>) {
    for entry in fs::read_dir(dir).expect("read src/") {
        let path = entry.expect("dir entry").path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if path.is_dir() {
            let mut p = prefix.to_vec();
            p.push(name);
            collect(&path, &p, out);
        } else if let Some(stem) = name.strip_suffix(".rs") {
            let text = fs::read_to_string(&path).expect("read source");
            let (module, is_dir_root) = match stem {
                "mod" => (prefix.to_vec(), true),
                "lib" if prefix.is_empty() => (vec![], true),
                "main" if prefix.is_empty() => continue, // the binary, outside the library
                _ => {
                    let mut p = prefix.to_vec();
                    p.push(stem.to_string());
                    (p, false)
                }
            };
            out.push(File {
                module,
                is_dir_root,
                code: strip(&text),
            });
        }
    }
}

/// The source without comments, string literals and character literals (so a path in
/// a doc comment or a message does not count).
fn strip(src: &str) -> String {
    let b: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < b.len() && b[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == '/' && b.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if b[i] == '*' && b.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && !ident_before(&b, i) {
            // Raw string r"..." or r#"..."#.
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= b.len() {
                    break;
                }
                if b[j] == '"' && (0..hashes).all(|k| b.get(j + 1 + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            i = j;
            out.push_str("\"\"");
        } else if c == '"' {
            i += 1;
            while i < b.len() && b[i] != '"' {
                if b[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' {
            // A char literal ('x', '\n', '\u{..}') or a lifetime ('a): skip only the former.
            if next == Some('\\') {
                let mut j = i + 2;
                while j < b.len() && b[j] != '\'' {
                    j += 1;
                }
                i = j + 1;
                out.push_str("' '");
            } else if b.get(i + 2) == Some(&'\'') {
                i += 3;
                out.push_str("' '");
            } else {
                out.push(c);
                i += 1;
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident_before(b: &[char], i: usize) -> bool {
    i > 0 && (b[i - 1].is_alphanumeric() || b[i - 1] == '_')
}

/// Tokens: identifiers, `::`, and single punctuation characters.
fn tokens(code: &str) -> Vec<String> {
    let b: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < b.len() && (b[i].is_alphanumeric() || b[i] == '_') {
                i += 1;
            }
            out.push(b[start..i].iter().collect());
        } else if c == ':' && b.get(i + 1) == Some(&':') {
            out.push("::".to_string());
            i += 2;
        } else if c.is_whitespace() {
            i += 1;
        } else {
            out.push(c.to_string());
            i += 1;
        }
    }
    out
}

/// Expands the use tree starting at `toks[*i]` into full paths, each a list of
/// segments ending at the imported name (`{a, b::c}` → `[a]`, `[b, c]`).
fn use_tree(toks: &[String], i: &mut usize, prefix: &[String], out: &mut Vec<Vec<String>>) {
    let mut path = prefix.to_vec();
    while *i < toks.len() {
        let t = toks[*i].as_str();
        match t {
            "{" => {
                *i += 1;
                loop {
                    use_tree(toks, i, &path, out);
                    match toks.get(*i).map(String::as_str) {
                        Some(",") => {
                            *i += 1;
                            if toks.get(*i).map(String::as_str) == Some("}") {
                                *i += 1;
                                return;
                            }
                        }
                        Some("}") => {
                            *i += 1;
                            return;
                        }
                        _ => return,
                    }
                }
            }
            "::" => *i += 1,
            "*" => {
                *i += 1;
                path.push("*".to_string());
            }
            "as" => {
                *i += 2; // the alias names the same item
            }
            "," | "}" | ";" => break,
            _ => {
                path.push(t.to_string());
                *i += 1;
            }
        }
    }
    out.push(path);
}

/// The module a path names, given the file it appears in: the longest prefix of the
/// resolved path that is a module of the crate. `None` for paths outside the crate.
fn resolve(path: &[String], file: &File, modules: &BTreeSet<Vec<String>>) -> Option<Vec<String>> {
    let mut base: Vec<String> = file.module.clone();
    let mut rest = path;
    match path.first()?.as_str() {
        "crate" => {
            base.clear();
            rest = &path[1..];
        }
        "self" | "super" => {
            // `self` in a file is the file's module; each `super` goes one level up.
            while let Some(seg) = rest.first() {
                match seg.as_str() {
                    "self" => rest = &rest[1..],
                    "super" => {
                        base.pop()?;
                        rest = &rest[1..];
                    }
                    _ => break,
                }
            }
        }
        first => {
            // A path relative to the file's own child modules (`use lexer::Tok` in mod.rs).
            let mut child = file.module.clone();
            child.push(first.to_string());
            if !(file.is_dir_root && modules.contains(&child)) {
                return None;
            }
        }
    }
    let mut full = base;
    full.extend(rest.iter().cloned());
    while !full.is_empty() && !modules.contains(&full) {
        full.pop();
    }
    Some(full)
}

/// Every path a file refers to: `use` trees (expanded) and `crate::`/`super::`/`self::`
/// paths in code.
fn paths(file: &File) -> Vec<(Vec<String>, bool)> {
    let toks = tokens(&file.code);
    let mut out = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        if toks[i] == "use" {
            let public = i > 0 && (toks[i - 1] == "pub" || toks[i - 1] == ")");
            i += 1;
            let mut found = Vec::new();
            use_tree(&toks, &mut i, &[], &mut found);
            out.extend(found.into_iter().map(|p| (p, public)));
        } else if matches!(toks[i].as_str(), "crate" | "super" | "self")
            && toks.get(i + 1).map(String::as_str) == Some("::")
            && (i == 0 || toks[i - 1] != "::")
        {
            let mut path = vec![toks[i].clone()];
            let mut j = i + 1;
            while toks.get(j).map(String::as_str) == Some("::") {
                match toks.get(j + 1) {
                    Some(seg) if seg.chars().all(|c| c.is_alphanumeric() || c == '_') => {
                        path.push(seg.clone());
                        j += 2;
                    }
                    _ => break,
                }
            }
            out.push((path, false));
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

struct Crate {
    /// module → modules it imports (resolved through `mod.rs` re-exports).
    imports: BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
}

fn read_crate() -> Crate {
    let mut files = Vec::new();
    collect(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &[],
        &mut files,
    );
    let modules: BTreeSet<Vec<String>> = files.iter().map(|f| f.module.clone()).collect();
    // What each directory root re-exports: (root module, name) → module defining it.
    let mut reexports: BTreeMap<(Vec<String>, String), Vec<String>> = BTreeMap::new();
    for f in files.iter().filter(|f| f.is_dir_root) {
        for (p, public) in paths(f) {
            if let (true, Some(name), Some(target)) = (public, p.last(), resolve(&p, f, &modules))
                && target != f.module
                && name != "*"
            {
                reexports.insert((f.module.clone(), name.clone()), target);
            }
        }
    }
    let mut imports: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for f in &files {
        let entry = imports.entry(f.module.clone()).or_default();
        for (p, _) in paths(f) {
            let Some(mut target) = resolve(&p, f, &modules) else {
                continue;
            };
            // `super::Name` where the parent only re-exports `Name`: the real source.
            let depth = target.len();
            let mut seen = 0;
            while let Some(next) = p
                .iter()
                .skip_while(|s| matches!(s.as_str(), "crate" | "super" | "self"))
                .nth(depth)
                .and_then(|name| reexports.get(&(target.clone(), name.clone())))
            {
                target = next.clone();
                seen += 1;
                if seen > 8 || target.len() != depth {
                    break;
                }
            }
            if target != f.module {
                entry.insert(target);
            }
        }
    }
    Crate { imports }
}

/// The import graph at one level: `unit` maps a module to the node it belongs to (or
/// `None` to leave it out); edges inside one node are dropped.
fn graph(
    c: &Crate,
    unit: impl Fn(&[String]) -> Option<String>,
) -> BTreeMap<String, BTreeSet<String>> {
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, tos) in &c.imports {
        let Some(a) = unit(from) else { continue };
        for to in tos {
            if let Some(b) = unit(to)
                && a != b
            {
                g.entry(a.clone()).or_default().insert(b);
            }
        }
    }
    g
}

/// The cycles of a graph, one per strongly connected component of more than one node,
/// each written as `a → b → … → a`.
fn cycles(g: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let reach = |from: &String| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(n) = stack.pop() {
            for m in g.get(&n).into_iter().flatten() {
                if seen.insert(m.clone()) {
                    stack.push(m.clone());
                }
            }
        }
        seen
    };
    let mut out = Vec::new();
    let mut done = BTreeSet::new();
    for a in g.keys() {
        if done.contains(a) {
            continue;
        }
        let from_a = reach(a);
        if !from_a.contains(a) {
            continue;
        }
        let component: BTreeSet<String> = from_a
            .iter()
            .filter(|b| reach(b).contains(a))
            .cloned()
            .collect();
        // Show one concrete loop: a shortest path a → … → a inside the component.
        let mut prev: BTreeMap<String, String> = BTreeMap::new();
        let mut queue = std::collections::VecDeque::from([a.clone()]);
        'search: while let Some(n) = queue.pop_front() {
            for m in g
                .get(&n)
                .into_iter()
                .flatten()
                .filter(|m| component.contains(*m))
            {
                if m == a {
                    prev.insert("<end>".into(), n.clone());
                    break 'search;
                }
                if !prev.contains_key(m) {
                    prev.insert(m.clone(), n.clone());
                    queue.push_back(m.clone());
                }
            }
        }
        let mut chain = Vec::new();
        let mut n = prev["<end>"].clone();
        while &n != a {
            chain.push(n.clone());
            n = prev[&n].clone();
        }
        chain.reverse();
        let walk: Vec<String> = std::iter::once(a.clone())
            .chain(chain)
            .chain(std::iter::once(a.clone()))
            .collect();
        out.push(format!(
            "{} (component: {})",
            walk.join(" → "),
            component.into_iter().collect::<Vec<_>>().join(", ")
        ));
        done.extend(reach(a).into_iter().filter(|b| reach(b).contains(a)));
    }
    out
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
fn files_in_layered_directories_import_no_loop() {
    let c = read_crate();
    let mut found = Vec::new();
    for dir in FILE_LEVEL {
        // Each file (or subdirectory) directly under `dir` is one node; `mod.rs` is left
        // out, its re-exports having been followed to the file that defines the name.
        let g = graph(&c, |m| (m.len() >= 2 && m[0] == *dir).then(|| m[1].clone()));
        found.extend(cycles(&g).into_iter().map(|l| format!("{dir}/: {l}")));
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
