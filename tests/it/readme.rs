//! The README says what the repository holds: every fuzz target is listed, and the
//! explained equation it shows is what `explain` prints today.

use std::fs;
use std::path::Path;
use std::process::Command;

#[test]
fn the_readme_lists_every_fuzz_target() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = fs::read_to_string(root.join("README.md")).expect("README.md");
    let line = (readme.lines())
        .position(|l| l.starts_with("- Fuzz targets:"))
        .map(|at| {
            let rest = readme.lines().skip(at + 1);
            let more = rest.take_while(|l| l.starts_with("  ")).collect::<Vec<_>>();
            format!(
                "{} {}",
                readme.lines().nth(at).unwrap_or(""),
                more.join(" ")
            )
        })
        .expect("a `- Fuzz targets:` line in the README");
    let targets = fs::read_dir(root.join("fuzz/fuzz_targets")).expect("fuzz/fuzz_targets");
    let mut names: Vec<String> = targets
        .filter_map(|e| {
            e.ok()?
                .file_name()
                .to_str()?
                .strip_suffix(".rs")
                .map(str::to_string)
        })
        .collect();
    names.sort();
    assert!(names.len() >= 9, "{names:?}");
    let missing: Vec<&String> = (names.iter())
        .filter(|n| !line.contains(&format!("`{n}`")))
        .collect();
    assert!(
        missing.is_empty(),
        "fuzz targets missing from the README: {missing:?}"
    );
}

#[test]
fn the_readme_example_of_explain_is_its_output() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = fs::read_to_string(root.join("README.md")).expect("README.md");
    let (_, after) =
        (readme.split_once("<!-- explain:")).expect("an explain example in the README");
    let block = after
        .split("```\n")
        .nth(1)
        .expect("a fenced block after the marker");
    let (command, shown) = block
        .split_once('\n')
        .expect("a command line, then its output");
    let latex = (command.strip_prefix("$ attn-course explain '"))
        .and_then(|c| c.strip_suffix('\''))
        .expect("the block opens with `$ attn-course explain '...'`");
    let out = Command::new(env!("CARGO_BIN_EXE_attn-course"))
        .args(["explain", latex])
        .env("LANG", "C.UTF-8")
        .output()
        .expect("attn-course runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), shown);
}
