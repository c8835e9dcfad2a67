//! The course: `course.toml` and the lesson files, loaded and parsed (pure, no terminal).
//!
//! A lesson is kept as a list of source [`Block`]s. Everything that needs a place in a
//! lesson (the reading position, sections, problem numbers) counts top-level blocks,
//! which do not depend on the terminal's width.

pub mod anchor;
pub mod block;
pub mod bounds;
pub mod claim;
pub mod error;
pub mod figure;
pub mod glossary;
mod intro;
pub mod markdown;
pub mod model_sections;
mod prefix;
pub mod problem;
pub mod refs;
pub mod sentence;
mod source;
pub mod tolerance;

use std::borrow::Cow;
use std::path::Path;
use std::sync::OnceLock;

use serde::Deserialize;

use crate::sanitize::scan;

pub use block::{Align, Block, BlockKind, Emphasis, Inline, section_link};
pub use claim::Claim;
pub use error::ContentError;
pub use glossary::{Glossary, LazyGlossary, Term};
pub use intro::intro_line;
pub use problem::ProblemSpec;
pub use source::Source;

/// The optional glossary and notation table of a course directory.
pub const GLOSSARY_FILE: &str = "glossary.toml";

/// A whole course, in order.
#[derive(Debug, Clone, PartialEq)]
pub struct Course {
    pub title: String,
    pub tagline: String,
    /// Where the course stands in a reading track ("Course 3 of 8 ..."); may be empty.
    pub track: String,
    pub lessons: Vec<Lesson>,
    /// From `glossary.toml`; empty when the course has none. The embedded course's is
    /// parsed when first used.
    pub glossary: LazyGlossary,
    /// Hidden characters (escape sequences, bidi overrides, zero-width characters) in
    /// the course's files, each at `file:line:col`. They are shown replaced
    /// ([`crate::sanitize`]); `check` fails on them.
    pub hazards: Vec<ContentError>,
}

/// One lesson file. Its text is parsed the first time its blocks are asked for, so that
/// the reader parses only the lesson it opens before its first screen (and `check`, which
/// asks for all, still parses every one).
#[derive(Debug, Clone)]
pub struct Lesson {
    /// Stable name used by the progress file.
    pub slug: String,
    pub file: String,
    /// As in `course.toml` (may hold inline math).
    pub title: String,
    pub blurb: String,
    /// The embedded course's is borrowed from the binary.
    text: Cow<'static, str>,
    /// Whether the course has its model: without it, sections marked `{.model}` are
    /// left out ([`model_sections`]).
    has_model: bool,
    /// The embedded course's, opened by the reader: not scanned for hidden characters
    /// (see [`Course::open`]).
    trusted: bool,
    parsed: OnceLock<Parsed>,
}

/// What parsing a lesson's text gives.
#[derive(Debug, Clone)]
struct Parsed {
    blocks: Vec<Block>,
    /// Where each top-level block starts in the text, in bytes (the first at 0), and the
    /// text's length last: see [`Lesson::block_bytes`].
    bytes: Vec<usize>,
    /// What is wrong in the lesson's text but does not stop it being shown (hidden
    /// characters, nesting too deep): `check` reports these.
    warnings: Vec<ContentError>,
}

/// Two lessons are the same when their names and texts are (parsed or not yet).
impl PartialEq for Lesson {
    fn eq(&self, other: &Lesson) -> bool {
        (&self.slug, &self.file, &self.title, &self.blurb, &self.text)
            == (
                &other.slug,
                &other.file,
                &other.title,
                &other.blurb,
                &other.text,
            )
            && self.has_model == other.has_model
    }
}

/// A `##` heading of a lesson: an idea.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    pub title: String,
    /// Index of the heading among the lesson's top-level blocks.
    pub block: usize,
}

#[derive(Deserialize)]
struct Manifest {
    title: String,
    #[serde(default)]
    tagline: String,
    #[serde(default)]
    track: String,
    lesson: Vec<toml::Spanned<ManifestLesson>>,
}

/// How the embedded course introduces itself, from its `course.toml` alone (cheap enough
/// to read before the arguments are parsed, for `--help`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Intro {
    pub title: String,
    pub tagline: String,
    pub track: String,
}

impl Intro {
    /// The embedded course's; empty when its manifest does not parse (`check` reports that).
    pub fn embedded() -> Intro {
        Source::Embedded
            .read("course.toml")
            .ok()
            .and_then(|text| toml::from_str::<Manifest>(&text).ok())
            .map(|m| Intro {
                title: m.title,
                tagline: m.tagline,
                track: m.track,
            })
            .unwrap_or_default()
    }
}

#[derive(Deserialize)]
struct ManifestLesson {
    slug: String,
    file: String,
    title: String,
    #[serde(default)]
    blurb: String,
}

impl Course {
    /// The embedded course, or the one in `dir`, every file scanned for hidden
    /// characters (`check` reports them).
    pub fn load(dir: Option<&Path>) -> Result<Course, ContentError> {
        match dir {
            Some(d) => Course::from_source(Source::Dir(d)),
            None => Course::from_source(Source::Embedded),
        }
    }

    /// [`Course::load`] for the reader, before its first screen: the embedded course is
    /// trusted, its files not scanned for hidden characters, since it was built into
    /// the binary from `lessons/`, which `attn-course check` (run by CI and by the
    /// test `the_embedded_course_has_no_hidden_characters`) scans with these very
    /// scans, through [`Course::load`]. A course in `dir` is untrusted: every check.
    pub fn open(dir: Option<&Path>) -> Result<Course, ContentError> {
        match dir {
            Some(d) => Course::from_source(Source::Dir(d)),
            None => Course::build(Source::Embedded, true),
        }
    }

    pub fn from_source(source: Source<'_>) -> Result<Course, ContentError> {
        Course::build(source, false)
    }

    /// The course of `source`; a `trusted` one's files are not scanned.
    fn build(source: Source<'_>, trusted: bool) -> Result<Course, ContentError> {
        let mut hazards = Vec::new();
        let mut note = |file: &str, found: Vec<scan::Hazard>| {
            hazards.extend(found.iter().map(|h| ContentError::hidden(file, 1, h)));
        };
        let scanned =
            |raw: Cow<'static, str>, file: &str, note: &mut dyn FnMut(&str, Vec<scan::Hazard>)| {
                if trusted {
                    return raw;
                }
                let (text, found) = scan::toml(&raw);
                note(file, found);
                Cow::Owned(text.into_owned())
            };
        let text = scanned(source.read("course.toml")?, "course.toml", &mut note);
        let manifest: Manifest = toml::from_str(&text)
            .map_err(|e| ContentError::from_toml("course.toml", 1, &text, &e))?;
        if manifest.lesson.is_empty() {
            return Err(ContentError::new("course.toml", 0, "no [[lesson]] entries"));
        }
        let has_model = source.has(crate::model::WEIGHTS_FILE);
        let mut slugs = std::collections::HashSet::new();
        let lines = error::Lines::new(&text);
        if let Some(extra) = manifest.lesson.get(bounds::MAX_LESSONS) {
            return Err(bounds::too_many_lessons(lines.line_of(extra.span().start)));
        }
        let mut tally = bounds::Tally::default();
        let lessons = manifest
            .lesson
            .into_iter()
            .map(|spanned| {
                let line = lines.line_of(spanned.span().start);
                let entry = spanned.into_inner();
                // The slug keys the learner's progress: two lessons sharing one would
                // share (and overwrite) each other's record.
                if !slugs.insert(entry.slug.clone()) {
                    return Err(ContentError::new(
                        "course.toml",
                        line,
                        format!("lesson slug {:?} is used twice", entry.slug),
                    ));
                }
                if entry.file.contains(['/', '\\']) {
                    return Err(ContentError::new(
                        "course.toml",
                        0,
                        format!("lesson file {:?} must be a plain file name", entry.file),
                    ));
                }
                let text = source.read(&entry.file)?;
                tally.add(&entry.file, &text)?;
                let mut lesson =
                    Lesson::unparsed(entry.slug, entry.file, entry.title, entry.blurb, text);
                lesson.has_model = has_model;
                lesson.trusted = trusted;
                Ok(lesson)
            })
            .collect::<Result<Vec<_>, _>>()?;
        let glossary = match source.read_optional(GLOSSARY_FILE)? {
            Some(raw) if trusted => LazyGlossary::trusted(GLOSSARY_FILE, raw),
            Some(raw) => {
                let text = scanned(raw, GLOSSARY_FILE, &mut note);
                Glossary::parse(GLOSSARY_FILE, &text)?.into()
            }
            None => LazyGlossary::default(),
        };
        Ok(Course {
            title: manifest.title,
            tagline: manifest.tagline,
            track: manifest.track,
            lessons,
            glossary,
            hazards,
        })
    }

    /// Where `term` is introduced: (lesson index, block index of its `##` heading, or
    /// 0 for section "N.0", the lesson's opening before its first `##`). `None` when its
    /// lesson or section is not in the course (`check` reports that).
    pub fn introduction(&self, term: &Term) -> Option<(usize, usize)> {
        let lesson = self.lessons.iter().position(|l| l.slug == term.lesson)?;
        let block = if term.section == format!("{}.0", lesson + 1) {
            0
        } else {
            self.lessons[lesson].section_block(&term.section)?
        };
        Some((lesson, block))
    }
}

impl Lesson {
    /// A lesson parsed at once (for a lesson built from one text, as tests, the fuzz
    /// targets and panels do).
    pub fn parse(slug: String, file: String, title: String, blurb: String, text: &str) -> Lesson {
        let lesson = Lesson::unparsed(slug, file, title, blurb, text.to_string().into());
        lesson.parsed();
        lesson
    }

    /// A lesson whose text is parsed when first needed.
    fn unparsed(
        slug: String,
        file: String,
        title: String,
        blurb: String,
        text: Cow<'static, str>,
    ) -> Lesson {
        Lesson {
            slug,
            file,
            title,
            blurb,
            text,
            has_model: true,
            trusted: false,
            parsed: OnceLock::new(),
        }
    }

    fn parsed(&self) -> &Parsed {
        self.parsed.get_or_init(|| {
            let (blocks, mut warnings) =
                markdown::parse_reporting(&self.file, 1, &self.text, self.trusted);
            let blocks = model_sections::apply(blocks, self.has_model);
            if !self.trusted {
                let hidden = scan::markdown(&self.text);
                warnings.extend(
                    hidden
                        .iter()
                        .map(|h| ContentError::hidden(&self.file, 1, h)),
                );
            }
            let bytes = block_bytes(&blocks, &self.text);
            Parsed {
                blocks,
                bytes,
                warnings,
            }
        })
    }

    /// The lesson's top-level blocks.
    pub fn blocks(&self) -> &[Block] {
        &self.parsed().blocks
    }

    /// Where each top-level block starts in the lesson's source text, in bytes, and the
    /// text's length last: block `k` is bytes `block_bytes()[k]..block_bytes()[k + 1]`
    /// (the text before the first block counts as the first's). The reader's percentage
    /// is a place in these bytes, as `less` gives one.
    pub fn block_bytes(&self) -> &[usize] {
        &self.parsed().bytes
    }

    /// What is wrong in the lesson's text but does not stop it being shown (hidden
    /// characters, nesting too deep): `check` reports these.
    pub fn warnings(&self) -> &[ContentError] {
        &self.parsed().warnings
    }

    /// The block of the `##` heading numbered `number` ("2.3" for `## 2.3 Choosing...`).
    pub fn section_block(&self, number: &str) -> Option<usize> {
        self.sections()
            .into_iter()
            .find(|s| s.title.split_whitespace().next() == Some(number))
            .map(|s| s.block)
    }

    /// The `##` headings, in order.
    pub fn sections(&self) -> Vec<Section> {
        self.blocks()
            .iter()
            .enumerate()
            .filter(|(_, b)| matches!(b.kind, BlockKind::Heading { level: 2, .. }))
            .map(|(i, b)| Section {
                title: b.plain_text(),
                block: i,
            })
            .collect()
    }
}

/// [`Lesson::block_bytes`] of `blocks`, parsed from `text` with its first line as 1.
fn block_bytes(blocks: &[Block], text: &str) -> Vec<usize> {
    let lines = error::Lines::new(text);
    let mut bytes = Vec::with_capacity(blocks.len() + 1);
    let mut last = 0;
    for (i, block) in blocks.iter().enumerate() {
        let at = match i {
            0 => 0,
            _ => lines.start_of(block.line).unwrap_or(text.len()),
        };
        last = at.clamp(last, text.len());
        bytes.push(last);
    }
    bytes.push(text.len());
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_course_has_eight_lessons_with_sections() {
        let course = Course::load(None).unwrap();
        assert_eq!(course.lessons.len(), 8);
        assert_eq!(course.lessons[1].slug, "sqrt-dk");
        assert!(course.lessons.iter().all(|l| !l.sections().is_empty()));
    }

    /// What lets the reader open the embedded course without scanning it: scanned, it
    /// has no hidden characters and no other warning, so trusted it is the same course.
    #[test]
    fn the_embedded_course_has_no_hidden_characters() {
        let checked = Course::load(None).unwrap();
        assert_eq!(checked.hazards, []);
        for lesson in &checked.lessons {
            assert_eq!(lesson.warnings(), [], "{}", lesson.file);
        }
        let trusted = Course::open(None).unwrap();
        assert_eq!(trusted, checked);
        for (a, b) in trusted.lessons.iter().zip(&checked.lessons) {
            assert!(a.trusted && !b.trusted);
            assert_eq!(a.blocks(), b.blocks(), "{}", a.file);
        }
    }

    #[test]
    fn a_course_from_a_directory_is_scanned_also_when_opened_by_the_reader() {
        let dir = tempfile::tempdir().unwrap();
        let manifest =
            "title = \"T\"\n[[lesson]]\nslug = \"a\"\nfile = \"a.md\"\ntitle = \"A\u{202E}\"\n";
        std::fs::write(dir.path().join("course.toml"), manifest).unwrap();
        std::fs::write(dir.path().join("a.md"), "# A\n\nx\u{200B}y\n").unwrap();
        let course = Course::open(Some(dir.path())).unwrap();
        assert_eq!(course.hazards.len(), 1, "{:?}", course.hazards);
        assert_eq!(course.lessons[0].warnings().len(), 1);
        assert!(!course.lessons[0].title.contains('\u{202E}'));
    }

    #[test]
    fn a_course_without_a_glossary_has_an_empty_one() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/course");
        let course = Course::load(Some(&dir)).unwrap();
        assert!(course.glossary.terms.is_empty());
    }

    #[test]
    fn a_term_is_introduced_at_its_numbered_heading() {
        let course = Course::load(None).unwrap();
        let lesson = &course.lessons[1];
        let block = lesson.section_block("2.3").unwrap();
        assert!(
            lesson.blocks()[block]
                .plain_text()
                .starts_with("2.3 Choosing")
        );
        assert_eq!(lesson.section_block("2.9"), None);
        assert_eq!(lesson.section_block("2"), None);
        let term = Term {
            name: "x".into(),
            definition: String::new(),
            lesson: "sqrt-dk".into(),
            section: "2.3".into(),
            aliases: vec![],
            symbols: vec![],
            shape: None,
            line: 1,
        };
        assert_eq!(course.introduction(&term), Some((1, block)));
        let opening = Term {
            section: "2.0".into(),
            ..term.clone()
        };
        assert_eq!(course.introduction(&opening), Some((1, 0)));
        let elsewhere = Term {
            lesson: "nope".into(),
            ..term
        };
        assert_eq!(course.introduction(&elsewhere), None);
    }

    #[test]
    fn a_course_given_in_memory_loads_and_a_missing_lesson_is_named() {
        let manifest = "title = \"T\"\n[[lesson]]\nslug = \"a\"\nfile = \"a.md\"\ntitle = \"A\"\n";
        let files = [("course.toml", manifest), ("a.md", "# A\n\n## One\n")];
        let course = Course::from_source(Source::Files(&files)).unwrap();
        assert_eq!(course.lessons[0].sections()[0].title, "One");
        let twice = format!("{manifest}[[lesson]]\nslug = \"a\"\nfile = \"a.md\"\ntitle = \"B\"\n");
        let files2 = [("course.toml", twice.as_str()), ("a.md", "# A\n")];
        let err = Course::from_source(Source::Files(&files2)).unwrap_err();
        assert_eq!(
            err.to_string(),
            "course.toml:6: lesson slug \"a\" is used twice"
        );
        let err = Course::from_source(Source::Files(&files[..1])).unwrap_err();
        assert_eq!(err.to_string(), "a.md: no such file");
    }

    #[test]
    fn a_missing_course_directory_is_an_error_naming_the_file() {
        let err = Course::load(Some(Path::new("/nonexistent/course"))).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("/nonexistent/course/course.toml: "),
            "{err}"
        );
    }
}
