//! The embedded course's glossary, parsed when first used. The reader's first screen
//! needs none of it, and parsing it (TOML, then every symbol's tokens) was a fifth of
//! the wait for that screen. Only a trusted text is left for later: it was parsed and
//! checked when the binary was tested (`check`, and the content tests, load it with
//! [`super::Glossary::parse`]), so parsing it cannot fail here; an untrusted glossary is
//! parsed at load, where an error stops the load and says where.

use std::borrow::Cow;
use std::ops::Deref;
use std::sync::OnceLock;

use super::Glossary;

/// A [`Glossary`], or the trusted text it is parsed from on first use; it reads as a
/// `Glossary` wherever one is asked for.
#[derive(Debug, Clone, Default)]
pub struct LazyGlossary {
    /// `file` and its text, for a glossary not parsed yet.
    source: Option<(&'static str, Cow<'static, str>)>,
    parsed: OnceLock<Glossary>,
}

impl LazyGlossary {
    /// The glossary `text` of `file`, trusted to parse: parsed on first use.
    pub fn trusted(file: &'static str, text: Cow<'static, str>) -> LazyGlossary {
        LazyGlossary {
            source: Some((file, text)),
            parsed: OnceLock::new(),
        }
    }
}

impl From<Glossary> for LazyGlossary {
    fn from(glossary: Glossary) -> LazyGlossary {
        LazyGlossary {
            source: None,
            parsed: OnceLock::from(glossary),
        }
    }
}

impl Deref for LazyGlossary {
    type Target = Glossary;

    fn deref(&self) -> &Glossary {
        self.parsed.get_or_init(|| match &self.source {
            // Cannot fail for the embedded text (see the module's doc); were it to, the
            // course would show no glossary rather than stop the reader.
            Some((file, text)) => Glossary::parse(file, text).unwrap_or_default(),
            None => Glossary::default(),
        })
    }
}

impl PartialEq for LazyGlossary {
    fn eq(&self, other: &LazyGlossary) -> bool {
        **self == **other
    }
}
