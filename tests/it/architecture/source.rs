//! Reading `src/` as text: every file's module path, its code without comments and
//! literals, the paths it refers to, and those paths resolved to modules of the crate
//! (through the re-exports of each `mod.rs`).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// One source file: its module path (`["math", "parser", "env"]`) and whether it is a
/// `mod.rs`/`lib.rs` (so its children are its own submodules).
pub struct File {
    pub module: Vec<String>,
    pub is_dir_root: bool,
    pub code: String,
}

pub fn collect(dir: &Path, prefix: &[String], out: &mut Vec<File>) {
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
pub fn strip(src: &str) -> String {
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

pub fn ident_before(b: &[char], i: usize) -> bool {
    i > 0 && (b[i - 1].is_alphanumeric() || b[i - 1] == '_')
}

/// Tokens: identifiers, `::`, and single punctuation characters.
pub fn tokens(code: &str) -> Vec<String> {
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
pub fn use_tree(toks: &[String], i: &mut usize, prefix: &[String], out: &mut Vec<Vec<String>>) {
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
/// `path` written from the crate's root: `super::Name` in `app/sentence.rs` is
/// `app::Name` (what follows the module a path resolves to is the name it imports).
fn absolute(path: &[String], file: &File) -> Vec<String> {
    let mut base = file.module.clone();
    let mut rest = path;
    while let Some(seg) = rest.first() {
        match seg.as_str() {
            "crate" => base.clear(),
            "self" => {}
            "super" => {
                base.pop();
            }
            _ => break,
        }
        rest = &rest[1..];
    }
    base.extend(rest.iter().cloned());
    base
}

pub fn resolve(
    path: &[String],
    file: &File,
    modules: &BTreeSet<Vec<String>>,
) -> Option<Vec<String>> {
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
pub fn paths(file: &File) -> Vec<(Vec<String>, bool)> {
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

pub struct Crate {
    /// module → modules it imports (resolved through `mod.rs` re-exports).
    pub imports: BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
}

pub fn read_crate() -> Crate {
    let mut files = Vec::new();
    collect(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &[],
        &mut files,
    );
    crate_of(&files)
}

/// The imports between `files`, each resolved through `mod.rs` re-exports.
pub fn crate_of(files: &[File]) -> Crate {
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
    for f in files {
        let entry = imports.entry(f.module.clone()).or_default();
        for (p, _) in paths(f) {
            let Some(mut target) = resolve(&p, f, &modules) else {
                continue;
            };
            // `super::Name` where the parent only re-exports `Name`: the real source.
            let depth = target.len();
            let mut seen = 0;
            let whole = absolute(&p, f);
            while let Some(next) = whole
                .get(depth)
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
