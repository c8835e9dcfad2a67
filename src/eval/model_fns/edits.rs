//! The intervention a model function may take as its last argument, a string:
//!
//! ```text
//! "zero l0.h3"                 head 3 of layer 0 outputs nothing (TransformerLens: hook_z)
//! "mean l1.n226@22"            neuron 226 of layer 1 at character 22 takes its mean
//! "zero l0.h3.pattern"         the head's attention weights (hook_pattern)
//! "sym l0.h2", "antisym l0.h2" the head scores with the (anti)symmetric part of W_Q W_Kᵀ
//! "zero pos", "mean embed"     the positional / token rows (hook_pos_embed, hook_embed)
//! "zero l1.attn", "mean l0.mlp", "zero l1.resid"   a layer's outputs, a stream
//! "patch l0.h3 from the kez"   the site's value in the run of another text (same length)
//! "init 1"                     the whole model as train.py starts it, drawn with seed 1
//! ```
//!
//! Several edits are separated by `;` (`"zero l0.h1; zero l0.h2"`); `from TEXT` ends
//! the string, and every `patch` takes its value from that text. A mean is the site's
//! mean over the held-out text (a pattern's: at each place), measured once.

use std::sync::{Arc, Mutex};

use super::Arg;
use crate::eval::random::randn_stream;
use crate::model::{Config, Edit, How, Model, Site};

/// The last freshly initialised model, by seed.
static INIT: Mutex<Option<(u64, Arc<Model>)>> = Mutex::new(None);

/// The intervention given as `args[fixed]`, if there is one.
pub(super) fn edit_arg(args: &[Arg], fixed: usize) -> Result<Option<&str>, String> {
    match args.get(fixed) {
        None => Ok(None),
        Some(Arg::Text(s)) => Ok(Some(s.as_str())),
        Some(Arg::Value(_)) => Err(
            "the last argument is an intervention, a string such as \"zero l0.h3\" (help(model) lists them)"
                .into(),
        ),
    }
}

/// The model a run uses: the trained one, or a fresh draw.
pub(super) enum Which {
    Trained(&'static Model),
    Fresh(Arc<Model>),
}

impl std::ops::Deref for Which {
    type Target = Model;
    fn deref(&self) -> &Model {
        match self {
            Which::Trained(m) => m,
            Which::Fresh(m) => m,
        }
    }
}

/// The trained model, or the fresh draw an `init` edit asks for (the last one kept).
pub(super) fn model_for(spec: &Spec, m: &'static Model) -> Which {
    let Some(seed) = spec.init else {
        return Which::Trained(m);
    };
    let mut init = INIT.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, model)) = init.as_ref().filter(|(s, _)| *s == seed) {
        return Which::Fresh(Arc::clone(model));
    }
    let mut normals = randn_stream(seed);
    let model = Arc::new(m.initialised(&mut || normals.next().unwrap_or(0.0) as f32));
    *init = Some((seed, Arc::clone(&model)));
    Which::Fresh(model)
}

/// The model `param` reads: the trained one, or with `"init SEED"` the fresh draw, so a
/// lesson can say how far training moved a matrix. Other edits change a run, not a
/// parameter, and are refused rather than ignored.
pub(super) fn initial(m: &'static Model, edit: Option<&str>) -> Result<Which, String> {
    let Some(src) = edit else {
        return Ok(Which::Trained(m));
    };
    let spec = parse(src, &m.config, usize::MAX)?;
    if !spec.edits.is_empty() || spec.source.is_some() || spec.init.is_none() {
        return Err(format!(
            "param takes only \"init SEED\" after the name, got {src:?}: an intervention changes a run, not a parameter"
        ));
    }
    Ok(model_for(&spec, m))
}

/// The parsed intervention: its edits, the source text of its patches, the seed of a
/// fresh initialisation.
#[derive(Debug, Clone, PartialEq, Default)]
pub(super) struct Spec {
    pub edits: Vec<Edit>,
    pub source: Option<String>,
    pub init: Option<u64>,
}

impl Spec {
    pub fn needs_means(&self) -> bool {
        self.edits.iter().any(|e| e.how == How::Mean)
    }
}

/// The most edits one string may hold.
const MAX_EDITS: usize = 64;

/// Reads `src` for a model of sizes `c` run on `n` characters.
pub(super) fn parse(src: &str, c: &Config, n: usize) -> Result<Spec, String> {
    let (items, source) = match src.split_once(" from ") {
        Some((items, source)) => (items, Some(source.to_string())),
        None => (src, None),
    };
    let mut spec = Spec {
        source,
        ..Spec::default()
    };
    for item in items.split(';').map(str::trim).filter(|i| !i.is_empty()) {
        if spec.edits.len() == MAX_EDITS {
            return Err(format!("at most {MAX_EDITS} edits at once"));
        }
        let (how, site) = item.split_once(' ').ok_or_else(|| usage(item))?;
        let site = site.trim();
        if how == "init" {
            let seed = site
                .parse::<u64>()
                .ok()
                .filter(|&s| s < 1 << 53)
                .ok_or_else(|| {
                    format!("\"init SEED\": the seed must be a whole number from 0, got {site:?}")
                })?;
            spec.init = Some(seed);
            continue;
        }
        let how = match how {
            "zero" => How::Zero,
            "mean" => How::Mean,
            "patch" => How::Patch,
            "sym" => How::Sym,
            "antisym" => How::Antisym,
            _ => return Err(usage(item)),
        };
        let (site, at) = match site.split_once('@') {
            Some((s, t)) => {
                let t = t.parse::<usize>().map_err(|_| {
                    format!("{item:?}: after @ comes a character's number, got {t:?}")
                })?;
                (s, Some(t))
            }
            None => (site, None),
        };
        let edit = Edit {
            how,
            site: parse_site(site).ok_or_else(|| unknown_site(site))?,
            at,
        };
        edit.check(c, n).map_err(|e| format!("{item:?}: {e}"))?;
        spec.edits.push(edit);
    }
    let patches = spec.edits.iter().any(|e| e.how == How::Patch);
    match (patches, &spec.source) {
        (true, None) => Err("a patch needs a source: end with \"from TEXT\", as in \"patch l0.h3 from the kez\"".into()),
        (false, Some(_)) => Err("\"from TEXT\" gives a patch its source, but no edit is a patch".into()),
        _ if spec.init.is_some() && spec.needs_means() => Err(
            "a mean ablation substitutes the trained model's means; it cannot be combined with \"init\"".into(),
        ),
        _ => Ok(spec),
    }
}

fn usage(item: &str) -> String {
    format!(
        "{item:?}: an edit is \"zero SITE\", \"mean SITE\", \"patch SITE from TEXT\", \"sym lL.hH\", \"antisym lL.hH\" or \"init SEED\""
    )
}

fn unknown_site(site: &str) -> String {
    format!(
        "{site:?} is not a site: embed, pos, lL.resid, lL.hH, lL.hH.pattern, lL.nJ, lL.attn or lL.mlp (L a layer, H a head, J a neuron; @T for one character)"
    )
}

/// `embed`, `pos`, `l1.resid`, `l0.h3`, `l0.h3.pattern`, `l1.n226`, `l0.attn`, `l0.mlp`.
fn parse_site(s: &str) -> Option<Site> {
    match s {
        "embed" => return Some(Site::Embed),
        "pos" => return Some(Site::Pos),
        _ => {}
    }
    let (layer, rest) = s.strip_prefix('l')?.split_once('.')?;
    let l = number(layer)?;
    Some(match rest {
        "resid" => Site::Resid(l),
        "attn" => Site::Attn(l),
        "mlp" => Site::Mlp(l),
        _ => {
            if let Some(j) = rest.strip_prefix('n') {
                Site::Neuron(l, number(j)?)
            } else {
                let head = rest.strip_prefix('h')?;
                match head.split_once('.') {
                    Some((h, "pattern")) => Site::Pattern(l, number(h)?),
                    Some(_) => return None,
                    None => Site::Head(l, number(head)?),
                }
            }
        }
    })
}

/// A short run of digits (no sign, no spaces).
fn number(s: &str) -> Option<usize> {
    (!s.is_empty() && s.len() <= 4 && s.bytes().all(|b| b.is_ascii_digit()))
        .then(|| s.parse().ok())
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    const C: Config = Config {
        n_layer: 2,
        n_head: 4,
        d_model: 64,
        d_head: 16,
        d_ff: 256,
        n_ctx: 64,
        vocab: 97,
    };

    #[test]
    fn reads_every_site_and_kind() {
        let spec = parse(
            "zero l0.h3; mean l1.n226@2; sym l1.h0; zero pos; patch l1.resid@1 from abc",
            &C,
            3,
        )
        .unwrap();
        let sites: Vec<Site> = spec.edits.iter().map(|e| e.site).collect();
        assert_eq!(
            sites,
            [
                Site::Head(0, 3),
                Site::Neuron(1, 226),
                Site::Head(1, 0),
                Site::Pos,
                Site::Resid(1)
            ]
        );
        assert_eq!(spec.edits[1].at, Some(2));
        assert_eq!(spec.source.as_deref(), Some("abc"));
        assert_eq!(parse("init 7", &C, 3).unwrap().init, Some(7));
        assert_eq!(
            parse("zero l0.h1.pattern", &C, 3).unwrap().edits[0].site,
            Site::Pattern(0, 1)
        );
    }

    #[test]
    fn says_what_is_wrong() {
        let err = |s: &str| parse(s, &C, 5).unwrap_err();
        assert!(err("zero l2.h0").contains("layer must be from 0 to 1, got 2"));
        assert!(err("zero l0.h4").contains("head must be from 0 to 3"));
        assert!(err("zero l0.n256").contains("neuron must be from 0 to 255"));
        assert!(err("zero l0.h1@5").contains("characters 0 to 4"));
        assert!(err("sym l0.mlp").contains("name a head"));
        assert!(err("patch l0.h1").contains("needs a source"));
        assert!(err("zero l0.h1 from ab").contains("no edit is a patch"));
        assert!(err("smash l0.h1").contains("an edit is"));
        assert!(err("zero l0.x").contains("is not a site"));
        assert!(err("init -1").contains("seed"));
        assert!(err("mean l0.h1; init 2").contains("cannot be combined"));
        assert!(err(&"zero pos;".repeat(65)).contains("at most 64"));
    }
}
