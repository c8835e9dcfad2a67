//! The README says what the repository holds: every fuzz target is listed.

use std::fs;
use std::path::Path;

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
