//! Unicode super- and subscript characters, and the per-equation choice between them and
//! 2-D scripts.
//!
//! One rule per equation: if every script in it has a Unicode form (`Kᵀ`, `xᵢ`, `b₁`),
//! all scripts are written that way; otherwise all are raised and lowered onto their own
//! rows. Mixing the two (`xₗ` next to a lowered `x_L`) reads as two different notations.
//!
//! An equation is as small as the rule can be made without mixing on one line: when a
//! display is a single `aligned` or `gathered` environment, each row is an equation of
//! its own, so one `a_c` (no Unicode subscript c) lowers the scripts of its row only
//! and the next row keeps `√dₖ` flat. The rows of `cases` or a matrix stay one
//! equation: they are read together, side by side.

use super::ast::{BigKind, Node};

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

/// The script written in Unicode script characters, if every character has one and the
/// script is flat (no fractions, no nested scripts).
pub fn compact(node: &Node, sup: bool) -> Option<String> {
    let mut out = String::new();
    push_compact(node, sup, &mut out).then_some(out)
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

/// Whether every script of the equation can be written compactly. `limits_are_scripts`
/// is false for display math, where operator limits go above and below instead.
pub fn all_compact(nodes: &[Node], limits_are_scripts: bool) -> bool {
    nodes.iter().all(|n| node_compact(n, limits_are_scripts))
}

fn node_compact(node: &Node, limits: bool) -> bool {
    let all = |nodes: &[Node]| all_compact(nodes, limits);
    let one = |n: &Node| node_compact(n, limits);
    match node {
        Node::Scripts { base, sub, sup, .. } => {
            let placed_apart = !limits
                && match base.as_ref() {
                    Node::BigOp { kind, limits, .. } => *limits || *kind == BigKind::Int,
                    Node::Brace { .. } => true,
                    _ => false,
                };
            let fits = |s: &Option<Box<Node>>, is_sup: bool| {
                s.as_ref()
                    .is_none_or(|s| one(s) && (placed_apart || compact(s, is_sup).is_some()))
            };
            one(base) && fits(sub, false) && fits(sup, true)
        }
        Node::Group(items) => all(items),
        Node::Frac { num, den, .. } => one(num) && one(den),
        Node::Sqrt { index, body } => index.as_deref().is_none_or(one) && one(body),
        Node::BigOp { body, .. }
        | Node::Delimited { body, .. }
        | Node::Accent { body, .. }
        | Node::Brace { body, .. }
        | Node::Classed { body, .. } => one(body),
        Node::Stack { base, over, under } => {
            one(base) && over.as_deref().is_none_or(one) && under.as_deref().is_none_or(one)
        }
        Node::Env { rows, .. } => rows.iter().flatten().all(one),
        Node::Atom { .. } | Node::Text(_) | Node::Space(_) | Node::Sized { .. } => true,
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
    fn one_missing_character_sends_the_whole_equation_to_2d() {
        assert!(all_compact(
            &parse("x_l + W_1^\\top", false).unwrap(),
            false
        ));
        assert!(!all_compact(&parse("x_l + x_L", false).unwrap(), false));
        assert!(!all_compact(&parse("e^{z_i}", false).unwrap(), false));
    }

    #[test]
    fn display_limits_do_not_count_but_inline_ones_do() {
        let nodes = parse("\\sum_{i=1}^{d_k} x_i", false).unwrap();
        assert!(all_compact(&nodes, false));
        let nodes = parse("\\sum_{j'} x_j", false).unwrap();
        assert!(all_compact(&nodes, false));
        assert!(!all_compact(&nodes, true));
    }
}
