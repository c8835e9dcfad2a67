//! Reading `glossary.toml` into a [`Glossary`]: the file's shape, the checks that need
//! only the file (empty names, over-long phrases, symbols the math engine refuses), and
//! the sorted indexes that `find` searches.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::{Glossary, MAX_PHRASE, Term, fold};
use crate::content::error::{ContentError, Lines};
use crate::math::notation;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default)]
    term: Vec<toml::Spanned<RawTerm>>,
    #[serde(default)]
    local: BTreeMap<toml::Spanned<String>, Vec<String>>,
    #[serde(default)]
    shadow: BTreeMap<toml::Spanned<String>, Vec<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTerm {
    name: String,
    definition: String,
    lesson: String,
    section: String,
    #[serde(default)]
    aliases: Vec<String>,
    #[serde(default)]
    symbols: Vec<String>,
    #[serde(default)]
    shape: Option<String>,
}

impl Glossary {
    /// Reads a glossary file. Errors are `file:line`; what needs the lessons (unknown
    /// slugs, sections, duplicates) is left to `attn-course check`.
    pub fn parse(file: &str, text: &str) -> Result<Glossary, ContentError> {
        let raw: RawFile =
            toml::from_str(text).map_err(|e| ContentError::from_toml(file, 1, text, &e))?;
        let lines = Lines::new(text);
        let mut terms = Vec::with_capacity(raw.term.len());
        for spanned in raw.term {
            let line = lines.line_of(spanned.span().start);
            let t = spanned.into_inner();
            if t.name.trim().is_empty() {
                return Err(ContentError::new(file, line, "a term with an empty name"));
            }
            if let Some(long) = std::iter::once(&t.name)
                .chain(&t.aliases)
                .find(|p| p.chars().count() > MAX_PHRASE)
            {
                return Err(ContentError::new(
                    file,
                    line,
                    format!(
                        "a name or alias of {} characters; the limit is {MAX_PHRASE}",
                        long.chars().count()
                    ),
                ));
            }
            terms.push(Term {
                name: t.name,
                definition: t.definition,
                lesson: t.lesson,
                section: t.section,
                aliases: t.aliases,
                symbols: t.symbols,
                shape: t.shape,
                line,
            });
        }
        let mut index = Vec::new();
        for (i, term) in terms.iter().enumerate() {
            for symbol in &term.symbols {
                let tokens = notation::tokens(symbol).map_err(|e| {
                    ContentError::new(
                        file,
                        term.line,
                        format!("symbol {symbol:?} of {:?}: {e}", term.name),
                    )
                })?;
                if tokens.is_empty() {
                    return Err(ContentError::new(
                        file,
                        term.line,
                        format!("an empty symbol in {:?}", term.name),
                    ));
                }
                index.push((tokens, i));
            }
        }
        index.sort();
        let mut phrases: Vec<(Vec<char>, usize)> = terms
            .iter()
            .enumerate()
            .flat_map(|(i, t)| {
                std::iter::once(&t.name)
                    .chain(&t.aliases)
                    .map(move |p| (fold(p), i))
            })
            .filter(|(p, _)| !p.is_empty())
            .collect();
        phrases.sort();
        let (local, local_lines) = by_lesson(&lines, raw.local);
        let (shadow, shadow_lines) = by_lesson(&lines, raw.shadow);
        Ok(Glossary {
            terms,
            local,
            local_lines,
            shadow,
            shadow_lines,
            index,
            phrases,
        })
    }
}

/// A table of lesson slug → symbols, and the line of each slug.
type ByLesson = (BTreeMap<String, Vec<String>>, BTreeMap<String, usize>);

fn by_lesson(lines: &Lines, raw: BTreeMap<toml::Spanned<String>, Vec<String>>) -> ByLesson {
    let mut symbols = BTreeMap::new();
    let mut at = BTreeMap::new();
    for (slug, list) in raw {
        at.insert(slug.get_ref().clone(), lines.line_of(slug.span().start));
        symbols.insert(slug.into_inner(), list);
    }
    (symbols, at)
}
