//! Unicode super- and subscript characters, and the choice, symbol by symbol, between
//! them and the other way of writing a script (raised and lowered onto rows of their own
//! in display, `_`/`^` on one line inline).
//!
//! The choice was once made per equation (one `x_L` lowered every script of it) and per
//! paragraph inline; that wrote the same `Δ^{n-1}` as `Δⁿ⁻¹` in one paragraph and
//! `Δ^(n−1)` in the next, and dropped `ω₀`'s 0 onto a row of its own inside a matrix,
//! where it read as an entry. Deciding per scripted symbol writes each symbol one way
//! everywhere.

use super::ast::Node;

pub fn sup_char(c: char) -> Option<char> {
    let s = match c {
        '0' => '⁰',
        '1' => '¹',
        '2' => '²',
        '3' => '³',
        '4' => '⁴',
        '5' => '⁵',
        '6' => '⁶',
        '7' => '⁷',
        '8' => '⁸',
        '9' => '⁹',
        '+' => '⁺',
        '-' | '−' => '⁻',
        '=' => '⁼',
        '(' => '⁽',
        ')' => '⁾',
        'a' => 'ᵃ',
        'b' => 'ᵇ',
        'c' => 'ᶜ',
        'd' => 'ᵈ',
        'e' => 'ᵉ',
        'f' => 'ᶠ',
        'g' => 'ᵍ',
        'h' => 'ʰ',
        'i' => 'ⁱ',
        'j' => 'ʲ',
        'k' => 'ᵏ',
        'l' => 'ˡ',
        'm' => 'ᵐ',
        'n' => 'ⁿ',
        'o' => 'ᵒ',
        'p' => 'ᵖ',
        'r' => 'ʳ',
        's' => 'ˢ',
        't' => 'ᵗ',
        'u' => 'ᵘ',
        'v' => 'ᵛ',
        'w' => 'ʷ',
        'x' => 'ˣ',
        'y' => 'ʸ',
        'z' => 'ᶻ',
        'A' => 'ᴬ',
        'B' => 'ᴮ',
        'D' => 'ᴰ',
        'E' => 'ᴱ',
        'G' => 'ᴳ',
        'H' => 'ᴴ',
        'I' => 'ᴵ',
        'J' => 'ᴶ',
        'K' => 'ᴷ',
        'L' => 'ᴸ',
        'M' => 'ᴹ',
        'N' => 'ᴺ',
        'O' => 'ᴼ',
        'P' => 'ᴾ',
        'R' => 'ᴿ',
        'T' | '⊤' | '⊺' => 'ᵀ',
        'U' => 'ᵁ',
        'V' => 'ⱽ',
        'W' => 'ᵂ',
        'α' => 'ᵅ',
        'β' => 'ᵝ',
        'γ' => 'ᵞ',
        'δ' => 'ᵟ',
        'ε' => 'ᵋ',
        'θ' => 'ᶿ',
        'ι' => 'ᶥ',
        'ϕ' => 'ᶲ',
        'φ' => 'ᵠ',
        'χ' => 'ᵡ',
        '′' => '′',
        _ => return None,
    };
    Some(s)
}

pub fn sub_char(c: char) -> Option<char> {
    let s = match c {
        '0' => '₀',
        '1' => '₁',
        '2' => '₂',
        '3' => '₃',
        '4' => '₄',
        '5' => '₅',
        '6' => '₆',
        '7' => '₇',
        '8' => '₈',
        '9' => '₉',
        '+' => '₊',
        '-' | '−' => '₋',
        '=' => '₌',
        '(' => '₍',
        ')' => '₎',
        'a' => 'ₐ',
        'e' => 'ₑ',
        'h' => 'ₕ',
        'i' => 'ᵢ',
        'j' => 'ⱼ',
        'k' => 'ₖ',
        'l' => 'ₗ',
        'm' => 'ₘ',
        'n' => 'ₙ',
        'o' => 'ₒ',
        'p' => 'ₚ',
        'r' => 'ᵣ',
        's' => 'ₛ',
        't' => 'ₜ',
        'u' => 'ᵤ',
        'v' => 'ᵥ',
        'x' => 'ₓ',
        'β' => 'ᵦ',
        'γ' => 'ᵧ',
        'ρ' => 'ᵨ',
        'φ' => 'ᵩ',
        'χ' => 'ᵪ',
        _ => return None,
    };
    Some(s)
}

/// Whether `c` is one of the Unicode super- or subscript characters above.
pub fn is_script_char(c: char) -> bool {
    const WRITTEN: &str = "0123456789+-=()abcdefghijklmnoprstuvwxyzABDEGHIJKLMNOPRTUVWαβγδεθιϕφχρ";
    WRITTEN
        .chars()
        .any(|s| sup_char(s) == Some(c) || sub_char(s) == Some(c))
}

/// The script written in Unicode script characters, if every character has one, the
/// script is flat (no fractions, no nested scripts), and it cannot be misread: a script
/// holding a word beside other items (`e^{s\ln 2}`) would lose the spaces that keep
/// the word apart and read as a product (`eˢˡⁿ²`), so it is written out instead.
///
/// The choice is made for each scripted symbol on its own, never for a whole formula:
/// `Δ^{n-1}` is `Δⁿ⁻¹` in every formula of every paragraph, whatever stands beside it,
/// so one symbol never appears in two notations. A symbol with a script that has no
/// Unicode form writes both of its scripts the other way (`σ_q^2`, not `σ_q²`).
pub fn compact(node: &Node, sup: bool) -> Option<String> {
    let mut out = String::new();
    (push_compact(node, sup, &mut out) && !word_beside_others(node)).then_some(out)
}

fn push_compact(node: &Node, sup: bool, out: &mut String) -> bool {
    let map = if sup { sup_char } else { sub_char };
    match node {
        Node::Atom { .. } | Node::Text(_) => {
            node.text()
                .unwrap_or_default()
                .chars()
                .all(|c| match map(c) {
                    Some(s) => {
                        out.push(s);
                        true
                    }
                    None => false,
                })
        }
        Node::Group(items) => items.iter().all(|n| push_compact(n, sup, out)),
        Node::Classed { body, .. } => push_compact(body, sup, out),
        _ => false,
    }
}

/// An operator name or other multi-letter atom (`\ln`, `\exp`) among other items.
fn word_beside_others(node: &Node) -> bool {
    let is_word = |n: &Node| matches!(n, Node::Atom { text, .. } if text.chars().filter(|c| c.is_alphabetic()).count() > 1);
    match node {
        Node::Group(items) => items.len() > 1 && items.iter().any(is_word),
        Node::Classed { body, .. } => word_beside_others(body),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math::parser::parse;

    #[test]
    fn flat_scripts_become_unicode() {
        let nodes = parse("x_{ij}^{(l)}", false).unwrap();
        let Node::Scripts { sub, sup, .. } = &nodes[0] else {
            panic!("not a script: {nodes:?}")
        };
        assert_eq!(compact(sub.as_ref().unwrap(), false).as_deref(), Some("ᵢⱼ"));
        assert_eq!(compact(sup.as_ref().unwrap(), true).as_deref(), Some("⁽ˡ⁾"));
    }

    #[test]
    fn a_word_beside_other_items_is_never_squeezed_into_script_characters() {
        let nodes = parse("e^{s\\ln 2}", false).unwrap();
        let Node::Scripts { sup, .. } = &nodes[0] else {
            panic!("not a script: {nodes:?}")
        };
        assert_eq!(compact(sup.as_ref().unwrap(), true), None);
        let nodes = parse("x^{n-1}", false).unwrap();
        let Node::Scripts { sup, .. } = &nodes[0] else {
            panic!("not a script: {nodes:?}")
        };
        assert_eq!(compact(sup.as_ref().unwrap(), true).as_deref(), Some("ⁿ⁻¹"));
    }
}
