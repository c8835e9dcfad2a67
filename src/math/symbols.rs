//! The symbol tables: every command that stands for one glyph, with its TeX class, its
//! Unicode glyph and its 7-bit ASCII spelling; the letter alphabets of the font commands;
//! and ASCII names for Unicode characters typed straight into the source.

use std::borrow::Cow;

use super::ast::Class::{self, *};

/// `(command, class, Unicode, ASCII)`, sorted by command (byte order) for binary search.
static SYMBOLS: &[(&str, Class, &str, &str)] = &[
    ("#", Ord, "#", "#"),
    ("$", Ord, "$", "$"),
    ("%", Ord, "%", "%"),
    ("&", Ord, "&", "&"),
    ("Alpha", Ord, "Α", "A"),
    ("Beta", Ord, "Β", "B"),
    ("Box", Ord, "□", "[]"),
    ("Chi", Ord, "Χ", "X"),
    ("Delta", Ord, "Δ", "Delta"),
    ("Downarrow", Rel, "⇓", "vv"),
    ("Epsilon", Ord, "Ε", "E"),
    ("Eta", Ord, "Η", "H"),
    ("Gamma", Ord, "Γ", "Gamma"),
    ("Im", Ord, "ℑ", "Im"),
    ("Iota", Ord, "Ι", "I"),
    ("Kappa", Ord, "Κ", "K"),
    ("Lambda", Ord, "Λ", "Lambda"),
    ("Leftarrow", Rel, "⇐", "<=="),
    ("Leftrightarrow", Rel, "⇔", "<=>"),
    ("Longleftarrow", Rel, "⟸", "<=="),
    ("Longleftrightarrow", Rel, "⟺", "<==>"),
    ("Longrightarrow", Rel, "⟹", "==>"),
    ("Mu", Ord, "Μ", "M"),
    ("Nu", Ord, "Ν", "N"),
    ("Omega", Ord, "Ω", "Omega"),
    ("Omicron", Ord, "Ο", "O"),
    ("P", Ord, "¶", "P"),
    ("Phi", Ord, "Φ", "Phi"),
    ("Pi", Ord, "Π", "Pi"),
    ("Psi", Ord, "Ψ", "Psi"),
    ("Re", Ord, "ℜ", "Re"),
    ("Rho", Ord, "Ρ", "P"),
    ("Rightarrow", Rel, "⇒", "=>"),
    ("S", Ord, "§", "S"),
    ("Sigma", Ord, "Σ", "Sigma"),
    ("Tau", Ord, "Τ", "T"),
    ("Theta", Ord, "Θ", "Theta"),
    ("Uparrow", Rel, "⇑", "^^"),
    ("Upsilon", Ord, "Υ", "Upsilon"),
    ("Vert", Ord, "‖", "||"),
    ("Xi", Ord, "Ξ", "Xi"),
    ("Zeta", Ord, "Ζ", "Z"),
    ("_", Ord, "_", "_"),
    ("aleph", Ord, "ℵ", "aleph"),
    ("alpha", Ord, "α", "alpha"),
    ("amalg", Bin, "⨿", "II"),
    ("angle", Ord, "∠", "angle"),
    ("approx", Rel, "≈", "~~"),
    ("arccos", Op, "arccos", "arccos"),
    ("arcsin", Op, "arcsin", "arcsin"),
    ("arctan", Op, "arctan", "arctan"),
    ("arg", Op, "arg", "arg"),
    ("ast", Bin, "∗", "*"),
    ("asymp", Rel, "≍", "asymp"),
    ("backslash", Ord, "∖", "\\"),
    ("beta", Ord, "β", "beta"),
    ("beth", Ord, "ℶ", "beth"),
    ("bigtriangledown", Bin, "▽", "\\/"),
    ("bigtriangleup", Bin, "△", "/\\"),
    ("blacksquare", Ord, "■", "[]"),
    ("bmod", Bin, "mod", "mod"),
    ("bot", Ord, "⊥", "_|_"),
    ("bullet", Bin, "•", "*"),
    ("cap", Bin, "∩", "cap"),
    ("cdot", Bin, "·", "."),
    ("cdotp", Bin, "·", "."),
    ("cdots", Ord, "⋯", "..."),
    ("checkmark", Ord, "✓", "v"),
    ("chi", Ord, "χ", "chi"),
    ("circ", Bin, "∘", "o"),
    ("circledast", Ord, "⊛", "(*)"),
    ("clubsuit", Ord, "♣", "clubs"),
    ("colon", Punct, ":", ":"),
    ("coloneqq", Rel, "≔", ":="),
    ("complement", Ord, "∁", "C"),
    ("cong", Rel, "≅", "=~"),
    ("cos", Op, "cos", "cos"),
    ("cosh", Op, "cosh", "cosh"),
    ("cot", Op, "cot", "cot"),
    ("coth", Op, "coth", "coth"),
    ("csc", Op, "csc", "csc"),
    ("cup", Bin, "∪", "cup"),
    ("dagger", Bin, "†", "+"),
    ("dashv", Rel, "⊣", "-|"),
    ("ddagger", Bin, "‡", "++"),
    ("ddots", Ord, "⋱", "\\."),
    ("deg", Op, "deg", "deg"),
    ("degree", Ord, "°", "deg"),
    ("delta", Ord, "δ", "delta"),
    ("diamond", Bin, "⋄", "<>"),
    ("diamondsuit", Ord, "♢", "diamonds"),
    ("digamma", Ord, "ϝ", "digamma"),
    ("dim", Op, "dim", "dim"),
    ("div", Bin, "÷", "/"),
    ("doteq", Rel, "≐", "=."),
    ("dots", Ord, "…", "..."),
    ("dotsb", Ord, "⋯", "..."),
    ("dotsc", Ord, "…", "..."),
    ("dotsi", Ord, "⋯", "..."),
    ("dotsm", Ord, "⋯", "..."),
    ("dotso", Ord, "…", "..."),
    ("downarrow", Rel, "↓", "v"),
    ("ell", Ord, "ℓ", "l"),
    ("emptyset", Ord, "∅", "{}"),
    ("epsilon", Ord, "ϵ", "epsilon"),
    ("eq", Rel, "=", "="),
    ("eqqcolon", Rel, "≕", "=:"),
    ("equiv", Rel, "≡", "==="),
    ("eta", Ord, "η", "eta"),
    ("eth", Ord, "ð", "eth"),
    ("exists", Ord, "∃", "exists"),
    ("exp", Op, "exp", "exp"),
    ("flat", Ord, "♭", "b"),
    ("forall", Ord, "∀", "forall"),
    ("gamma", Ord, "γ", "gamma"),
    ("ge", Rel, "≥", ">="),
    ("geq", Rel, "≥", ">="),
    ("geqslant", Rel, "⩾", ">="),
    ("gets", Rel, "←", "<-"),
    ("gg", Rel, "≫", ">>"),
    ("gt", Rel, ">", ">"),
    ("gtrsim", Rel, "≳", ">~"),
    ("hbar", Ord, "ℏ", "hbar"),
    ("heartsuit", Ord, "♡", "hearts"),
    ("hom", Op, "hom", "hom"),
    ("hookrightarrow", Rel, "↪", "c->"),
    ("iff", Rel, "⟺", "<==>"),
    ("imath", Ord, "ı", "i"),
    ("impliedby", Rel, "⟸", "<=="),
    ("implies", Rel, "⟹", "==>"),
    ("in", Rel, "∈", "in"),
    ("infty", Ord, "∞", "inf"),
    ("intercal", Ord, "⊺", "T"),
    ("iota", Ord, "ι", "iota"),
    ("jmath", Ord, "ȷ", "j"),
    ("kappa", Ord, "κ", "kappa"),
    ("ker", Op, "ker", "ker"),
    ("lVert", Open, "‖", "||"),
    ("lambda", Ord, "λ", "lambda"),
    ("land", Bin, "∧", "/\\"),
    ("langle", Open, "⟨", "<"),
    ("lbrace", Open, "{", "{"),
    ("lbrack", Open, "[", "["),
    ("lceil", Open, "⌈", "|^"),
    ("ldotp", Punct, ".", "."),
    ("ldots", Ord, "…", "..."),
    ("le", Rel, "≤", "<="),
    ("leftarrow", Rel, "←", "<-"),
    ("leftrightarrow", Rel, "↔", "<->"),
    ("leq", Rel, "≤", "<="),
    ("leqslant", Rel, "⩽", "<="),
    ("lesssim", Rel, "≲", "<~"),
    ("lfloor", Open, "⌊", "|_"),
    ("lg", Op, "lg", "lg"),
    ("ll", Rel, "≪", "<<"),
    ("ln", Op, "ln", "ln"),
    ("lnot", Ord, "¬", "not"),
    ("log", Op, "log", "log"),
    ("longleftarrow", Rel, "⟵", "<--"),
    ("longleftrightarrow", Rel, "⟷", "<-->"),
    ("longmapsto", Rel, "⟼", "|-->"),
    ("longrightarrow", Rel, "⟶", "-->"),
    ("lor", Bin, "∨", "\\/"),
    ("lparen", Open, "(", "("),
    ("lt", Rel, "<", "<"),
    ("lvert", Open, "|", "|"),
    ("mapsto", Rel, "↦", "|->"),
    ("mho", Ord, "℧", "mho"),
    ("mid", Rel, "∣", "|"),
    ("models", Rel, "⊨", "|="),
    ("mp", Bin, "∓", "-+"),
    ("mu", Ord, "μ", "mu"),
    ("nabla", Ord, "∇", "nabla"),
    ("natural", Ord, "♮", "natural"),
    ("ne", Rel, "≠", "!="),
    ("nearrow", Rel, "↗", "/^"),
    ("neg", Ord, "¬", "not"),
    ("neq", Rel, "≠", "!="),
    ("nexists", Ord, "∄", "nexists"),
    ("ngeq", Rel, "≱", "!>="),
    ("ni", Rel, "∋", "ni"),
    ("nleq", Rel, "≰", "!<="),
    ("nmid", Rel, "∤", "/|"),
    ("notin", Rel, "∉", "notin"),
    ("nsim", Rel, "≁", "!~"),
    ("nu", Ord, "ν", "nu"),
    ("odot", Bin, "⊙", "(.)"),
    ("omega", Ord, "ω", "omega"),
    ("omicron", Ord, "ο", "omicron"),
    ("ominus", Bin, "⊖", "(-)"),
    ("oplus", Bin, "⊕", "(+)"),
    ("oslash", Bin, "⊘", "(/)"),
    ("otimes", Bin, "⊗", "(x)"),
    ("owns", Rel, "∋", "ni"),
    ("parallel", Rel, "∥", "||"),
    ("partial", Ord, "∂", "d"),
    ("perp", Rel, "⊥", "_|_"),
    ("phi", Ord, "ϕ", "phi"),
    ("pi", Ord, "π", "pi"),
    ("pm", Bin, "±", "+-"),
    ("prec", Rel, "≺", "<"),
    ("preceq", Rel, "⪯", "<="),
    ("prime", Ord, "′", "'"),
    ("propto", Rel, "∝", "propto"),
    ("psi", Ord, "ψ", "psi"),
    ("rVert", Close, "‖", "||"),
    ("rangle", Close, "⟩", ">"),
    ("rbrace", Close, "}", "}"),
    ("rbrack", Close, "]", "]"),
    ("rceil", Close, "⌉", "^|"),
    ("rfloor", Close, "⌋", "_|"),
    ("rho", Ord, "ρ", "rho"),
    ("rightarrow", Rel, "→", "->"),
    ("rightharpoonup", Rel, "⇀", "-^"),
    ("rightleftharpoons", Rel, "⇌", "<=>"),
    ("rparen", Close, ")", ")"),
    ("rvert", Close, "|", "|"),
    ("searrow", Rel, "↘", "\\v"),
    ("sec", Op, "sec", "sec"),
    ("setminus", Bin, "∖", "\\"),
    ("sharp", Ord, "♯", "#"),
    ("sigma", Ord, "σ", "sigma"),
    ("sim", Rel, "∼", "~"),
    ("simeq", Rel, "≃", "~="),
    ("sin", Op, "sin", "sin"),
    ("sinh", Op, "sinh", "sinh"),
    ("spadesuit", Ord, "♠", "spades"),
    ("sqcap", Bin, "⊓", "|-|"),
    ("sqcup", Bin, "⊔", "|_|"),
    ("sqsubseteq", Rel, "⊑", "[="),
    ("square", Ord, "□", "[]"),
    ("star", Bin, "⋆", "*"),
    ("subset", Rel, "⊂", "subset"),
    ("subseteq", Rel, "⊆", "subseteq"),
    ("subsetneq", Rel, "⊊", "subsetneq"),
    ("succ", Rel, "≻", ">"),
    ("succeq", Rel, "⪰", ">="),
    ("supset", Rel, "⊃", "supset"),
    ("supseteq", Rel, "⊇", "supseteq"),
    ("surd", Ord, "√", "sqrt"),
    ("tan", Op, "tan", "tan"),
    ("tanh", Op, "tanh", "tanh"),
    ("tau", Ord, "τ", "tau"),
    ("theta", Ord, "θ", "theta"),
    ("times", Bin, "×", "x"),
    ("to", Rel, "→", "->"),
    ("top", Ord, "⊤", "T"),
    ("triangle", Ord, "△", "triangle"),
    ("triangleq", Rel, "≜", "=def="),
    ("uparrow", Rel, "↑", "^"),
    ("updownarrow", Rel, "↕", "^v"),
    ("uplus", Bin, "⊎", "U+"),
    ("upsilon", Ord, "υ", "upsilon"),
    ("varDelta", Ord, "Δ", "Delta"),
    ("varGamma", Ord, "Γ", "Gamma"),
    ("varLambda", Ord, "Λ", "Lambda"),
    ("varOmega", Ord, "Ω", "Omega"),
    ("varPhi", Ord, "Φ", "Phi"),
    ("varPi", Ord, "Π", "Pi"),
    ("varPsi", Ord, "Ψ", "Psi"),
    ("varSigma", Ord, "Σ", "Sigma"),
    ("varTheta", Ord, "Θ", "Theta"),
    ("varUpsilon", Ord, "Υ", "Upsilon"),
    ("varXi", Ord, "Ξ", "Xi"),
    ("varepsilon", Ord, "ε", "epsilon"),
    ("varkappa", Ord, "ϰ", "kappa"),
    ("varnothing", Ord, "∅", "{}"),
    ("varphi", Ord, "φ", "varphi"),
    ("varpi", Ord, "ϖ", "pi"),
    ("varrho", Ord, "ϱ", "rho"),
    ("varsigma", Ord, "ς", "sigma"),
    ("vartheta", Ord, "ϑ", "theta"),
    ("vdash", Rel, "⊢", "|-"),
    ("vdots", Ord, "⋮", ":"),
    ("vee", Bin, "∨", "\\/"),
    ("vert", Ord, "|", "|"),
    ("wedge", Bin, "∧", "/\\"),
    ("wp", Ord, "℘", "P"),
    ("wr", Bin, "≀", "wr"),
    ("xi", Ord, "ξ", "xi"),
    ("zeta", Ord, "ζ", "zeta"),
    ("{", Open, "{", "{"),
    ("|", Ord, "‖", "||"),
    ("}", Close, "}", "}"),
];

/// A glyph command resolved for one output mode.
pub struct Symbol {
    pub class: Class,
    pub text: &'static str,
}

/// Looks up a glyph command (`alpha`, `le`, `cdot`, ...).
pub fn lookup(name: &str, ascii: bool) -> Option<Symbol> {
    let i = SYMBOLS.binary_search_by(|e| e.0.cmp(name)).ok()?;
    let (_, class, uni, asc) = SYMBOLS[i];
    Some(Symbol {
        class,
        text: if ascii { asc } else { uni },
    })
}

/// The letter command that draws `glyph` (`α` → `alpha`), for reading notation back.
pub fn letter_command(glyph: char) -> Option<&'static str> {
    let mut buf = [0u8; 4];
    let s: &str = glyph.encode_utf8(&mut buf);
    SYMBOLS
        .iter()
        .find(|e| e.2 == s && e.1 == Ord && e.0.chars().all(|c| c.is_ascii_alphabetic()))
        .map(|e| e.0)
}

/// The class of a character typed directly in math mode, and its ASCII spelling.
pub fn for_char(c: char) -> (Class, Option<&'static str>) {
    match c {
        '+' | '-' | '*' => (Bin, None),
        '=' | '<' | '>' | ':' => (Rel, None),
        ',' | ';' => (Punct, None),
        '(' | '[' => (Open, None),
        ')' | ']' | '!' | '?' => (Close, None),
        c if c.is_ascii() => (Ord, None),
        '−' => (Bin, Some("-")),
        c => {
            let mut buf = [0u8; 4];
            let s: &str = c.encode_utf8(&mut buf);
            SYMBOLS
                .iter()
                .find(|e| e.2 == s)
                .map_or((Ord, None), |e| (e.1, Some(e.3)))
        }
    }
}

/// A character as a string, borrowed for printable ASCII.
pub fn char_str(c: char) -> Cow<'static, str> {
    const PRINTABLE: &str = " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~";
    match u32::from(c).checked_sub(0x20) {
        Some(i) if c.is_ascii() && i < 95 => Cow::Borrowed(&PRINTABLE[i as usize..i as usize + 1]),
        _ => Cow::Owned(c.to_string()),
    }
}

/// A 7-bit spelling of any character: its symbol name where one is known, otherwise
/// the code point, so that ASCII mode loses nothing and prints nothing above 0x7F.
pub fn ascii_char(c: char, out: &mut String) {
    if c.is_ascii() {
        out.push(c);
    } else if let Some(a) = for_char(c).1 {
        out.push_str(a);
    } else {
        out.push_str(&format!("<U+{:04X}>", u32::from(c)));
    }
}

/// ASCII transliteration of a whole string.
pub fn ascii_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        ascii_char(c, &mut out);
    }
    out
}

/// The alphabets selected by font commands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Font {
    /// Letters as typed (`\mathrm`, `\mathbf`, `\mathit`, `\mathsf`, `\mathtt` draw the
    /// same: a terminal cell has no weight or slant we can rely on).
    Plain,
    DoubleStruck,
    Script,
    Fraktur,
}

/// The glyph of an ASCII letter or digit in `font` (Unicode mode only).
pub fn styled(c: char, font: Font) -> char {
    let (upper, lower, digit, exceptions): (u32, u32, Option<u32>, &[(char, char)]) = match font {
        Font::Plain => return c,
        Font::DoubleStruck => (
            0x1D538,
            0x1D552,
            Some(0x1D7D8),
            &[
                ('C', 'ℂ'),
                ('H', 'ℍ'),
                ('N', 'ℕ'),
                ('P', 'ℙ'),
                ('Q', 'ℚ'),
                ('R', 'ℝ'),
                ('Z', 'ℤ'),
            ],
        ),
        Font::Script => (
            0x1D49C,
            0x1D4B6,
            None,
            &[
                ('B', 'ℬ'),
                ('E', 'ℰ'),
                ('F', 'ℱ'),
                ('H', 'ℋ'),
                ('I', 'ℐ'),
                ('L', 'ℒ'),
                ('M', 'ℳ'),
                ('R', 'ℛ'),
                ('e', 'ℯ'),
                ('g', 'ℊ'),
                ('o', 'ℴ'),
            ],
        ),
        Font::Fraktur => (
            0x1D504,
            0x1D51E,
            None,
            &[('C', 'ℭ'), ('H', 'ℌ'), ('I', 'ℑ'), ('R', 'ℜ'), ('Z', 'ℨ')],
        ),
    };
    if let Some(&(_, e)) = exceptions.iter().find(|(k, _)| *k == c) {
        return e;
    }
    let code = match c {
        'A'..='Z' => upper + (u32::from(c) - u32::from('A')),
        'a'..='z' => lower + (u32::from(c) - u32::from('a')),
        '0'..='9' => match digit {
            Some(d) => d + (u32::from(c) - u32::from('0')),
            None => return c,
        },
        _ => return c,
    };
    char::from_u32(code).unwrap_or(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_sorted_for_binary_search() {
        for pair in SYMBOLS.windows(2) {
            assert!(pair[0].0 < pair[1].0, "{} before {}", pair[0].0, pair[1].0);
        }
    }

    #[test]
    fn ascii_spellings_are_seven_bit() {
        for e in SYMBOLS {
            assert!(e.3.is_ascii(), "{}", e.0);
        }
    }

    #[test]
    fn fonts_pick_the_letterlike_block_where_unicode_put_the_letter() {
        assert_eq!(styled('R', Font::DoubleStruck), 'ℝ');
        assert_eq!(styled('E', Font::DoubleStruck), '𝔼');
        assert_eq!(styled('1', Font::DoubleStruck), '𝟙');
        assert_eq!(styled('L', Font::Script), 'ℒ');
        assert_eq!(styled('A', Font::Script), '𝒜');
        assert_eq!(styled('x', Font::Plain), 'x');
    }

    #[test]
    fn typed_unicode_gets_its_class_and_name() {
        assert_eq!(for_char('≤').0, Rel);
        assert_eq!(ascii_string("θ≤é"), "theta<=<U+00E9>");
    }
}
