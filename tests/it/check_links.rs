//! The link, reference, definition and notation rules of `attn-course check` on a
//! fixture course that breaks each once (and keeps each allowance once), and on the
//! real lessons, which must pass them.

use std::path::Path;

use attn_course::content::Course;

fn findings(dir: &Path) -> Vec<String> {
    let course = Course::load(Some(dir)).expect("course loads");
    let (findings, _) = attn_course::check::check(&course, 1);
    findings.iter().map(ToString::to_string).collect()
}

fn fixture() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/links-course")
}

#[test]
fn each_broken_rule_is_one_finding_at_its_line() {
    let expected = [
        // A term named before its idea links there once per lesson: `widget` is linked
        // at line 5 (its blurb mention is a preview) and needs no link after; the
        // quoted `doohickey` of line 13 is no first mention, the unlinked one of 25 is.
        "01-first.md:25: `doohickey` is named before section 2.2 introduces it: link its first mention in this lesson, [..](#2.2)",
        // The glossary files a term where the lessons first bold it.
        "glossary.toml:20: term `sprocket` is filed under 1.2 but first defined (bold) in 1.1 (01-first.md:11)",
        // Links go to ideas that exist...
        "01-first.md:7: link to §9.9: the course has no such idea",
        "01-first.md:7: link `#intro` is not an idea: write `#N.k`",
        // Bold marks a definition, a link points to one: never both.
        "01-first.md:7: a bold link: bold marks the definition, a link points to one elsewhere; drop one",
        // ...never from a heading, a quotation (marks or `>`), a table, or their own section...
        "01-first.md:9: a link in a heading: drop the link to §1.2",
        "01-first.md:11: a link to §1.1 inside §1.1 itself",
        "01-first.md:13: a link in a quotation: drop the link to §1.2",
        "01-first.md:15: a link in a quotation: drop the link to §1.2",
        "01-first.md:17: a link in a table: drop the link to §1.2",
        // ...on the first use, once per section, and never before a possessive...
        "01-first.md:23: `cog` is linked after its first use in this section (line 23): link that one",
        "01-first.md:23: the marker (§1.1) stands before a possessive: move the link or reword",
        "01-first.md:23: §1.1 is linked already in this section (line 23): link once per section",
        // ...forward once per lesson...
        "01-first.md:25: a second forward link to §2.1 in this lesson (first at line 5)",
        // ...and not before a number (in words or math) or a parenthesis.
        "01-first.md:29: the marker (§1.1) stands before a number: move the link or reword",
        "01-first.md:29: the marker (§1.2) stands before a parenthesis: move the link or reword",
        "01-first.md:29: the marker (§2.1) stands before a number: move the link or reword",
        "01-first.md:29: a second forward link to §2.1 in this lesson (first at line 5)",
        // Course sections are §N.k, papers' are attributed "Section N.N"; "Lesson 2".
        // `§1.1 of the course`, "the paper's Section 3.2", "Section 2 of the paper" pass.
        "01-first.md:31: `§1.2` follows a citation: a paper's section is written \"Section 1.2\"",
        "01-first.md:31: `§3.2.2` is not a section of this course: a paper's is written \"the paper's Section 3.2.2\"",
        "01-first.md:31: bare `Section 1.1`: the course's is written §1.1, a paper's \"the paper's Section 1.1\"",
        "01-first.md:31: bare `Section 4.4`: say whose, \"the paper's Section 4.4\"",
        "01-first.md:31: `Lesson 02`: a lesson is written `Lesson 2`",
        "01-first.md:31: `lesson 2`: a lesson is written `Lesson 2`",
        "glossary.toml:1: `Lesson 02`: a lesson is written `Lesson 2`",
        // One symbol, one meaning: `k` is a key; lesson `second` declares its use of
        // `k` as an index in [shadow], lesson `first` does not.
        "glossary.toml:52: [local] `k` of `first` shadows `key` (glossary.toml:32): rename it in the lesson, or declare it in [shadow]",
        "glossary.toml:49: [shadow] `q` of `first` is no course-wide symbol",
        "glossary.toml:48: [shadow]: no lesson `nowhere` in course.toml",
        // `i` and `j` are indices by their entry ("position index"), `k` is not.
        "01-first.md:36: `k` is `key` course-wide, here the index of a sum: rename the index, or declare `k` in [shadow] for `first`",
    ];
    assert_eq!(findings(&fixture()), expected);
}

#[test]
fn a_fixed_fixture_has_no_findings() {
    // The same course with every broken line repaired the way the messages say: the
    // rules hold nothing against correct writing.
    let dir = tempfile::tempdir().unwrap();
    let fx = fixture();
    for file in ["course.toml", "02-second.md"] {
        std::fs::copy(fx.join(file), dir.path().join(file)).unwrap();
    }
    std::fs::write(
        dir.path().join("01-first.md"),
        "# First\n\n*A blurb.*\n\nA [widget](#2.1) and a [doohickey](#2.2) come later.\n\n\
         ## 1.1 Start\n\nA **sprocket**, a **cog**, \"a sprocket quoted\", the cog's teeth,\n\
         the paper's Section 3.2, Vaswani et al. (2017, Section 1.2) and §1.2 of Lesson 2.\n\n\
         ## 1.2 More\n\nThe [cog](#1.1) again, and $\\sum_{i=0}^n x_i$.\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("glossary.toml"),
        "[[term]]\nname = 'widget'\ndefinition = 'See Lesson 2.'\nlesson = 'second'\nsection = '2.1'\n\n\
         [[term]]\nname = 'doohickey'\ndefinition = 'x'\nlesson = 'second'\nsection = '2.2'\n\n\
         [[term]]\nname = 'sprocket'\ndefinition = 'x'\nlesson = 'first'\nsection = '1.1'\n\n\
         [[term]]\nname = 'cog'\ndefinition = 'x'\nlesson = 'first'\nsection = '1.1'\n\n\
         [[term]]\nname = 'key'\ndefinition = 'x'\nlesson = 'first'\nsection = '1.1'\nsymbols = ['k']\n\n\
         [[term]]\nname = 'position index'\ndefinition = 'x'\nlesson = 'first'\nsection = '1.1'\nsymbols = ['i']\n\n\
         [shadow]\nsecond = ['k']\n\n[local]\nfirst = ['x', 'n']\nsecond = ['w']\n",
    )
    .unwrap();
    assert_eq!(findings(dir.path()), Vec::<String>::new());
}

#[test]
fn the_real_lessons_pass_the_link_reference_and_notation_rules() {
    let lessons = Path::new(env!("CARGO_MANIFEST_DIR")).join("lessons");
    let course = Course::load(Some(&lessons)).expect("lessons load");
    let mut found = attn_course::check::links::check(&course);
    found.extend(attn_course::check::references::check(&course));
    found.extend(attn_course::check::symbols::check(&course));
    found.extend(attn_course::check::defined::check(&course));
    assert!(found.is_empty(), "{found:#?}");
}
