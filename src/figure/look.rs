//! How a figure may be drawn on this terminal: characters (Unicode or 7-bit ASCII) and
//! colour depth (none under `NO_COLOR`, 256 colours, or truecolor).

use ratatui::style::Color;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Colors {
    None,
    Indexed256,
    TrueColor,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Look {
    pub ascii: bool,
    pub colors: Colors,
    /// A light terminal background (`--theme light`): series in deep colours, and
    /// overlaps in black, where the dark palette's cyan, yellow and white would fade.
    pub light: bool,
}

/// Series colours on a dark background.
const SERIES_ON_DARK: [Color; 4] = [Color::Cyan, Color::Magenta, Color::Yellow, Color::Green];
/// Series colours on a light background: the same hues, deep enough to read on white.
const SERIES_ON_LIGHT: [Color; 4] = [
    Color::Indexed(25),  // deep blue, for cyan
    Color::Indexed(127), // deep magenta
    Color::Indexed(130), // dark orange, for yellow
    Color::Indexed(28),  // deep green
];

impl Colors {
    /// From `NO_COLOR` (already folded into `color`), `COLORTERM` and `TERM`. A terminal
    /// that claims neither gets characters only: a 16-colour palette cannot show a ramp.
    pub fn detect(color: bool, var: impl Fn(&str) -> Option<String>) -> Colors {
        let colorterm = var("COLORTERM").unwrap_or_default();
        let term = var("TERM").unwrap_or_default();
        if !color {
            Colors::None
        } else if colorterm == "truecolor" || colorterm == "24bit" {
            Colors::TrueColor
        } else if term.contains("256color") {
            Colors::Indexed256
        } else {
            Colors::None
        }
    }
}

/// Viridis at 9 stops: perceptually uniform and readable by colour-blind learners.
const VIRIDIS: [(u8, u8, u8); 9] = [
    (68, 1, 84),
    (71, 44, 122),
    (59, 81, 139),
    (44, 113, 142),
    (33, 144, 141),
    (39, 173, 129),
    (92, 200, 99),
    (170, 220, 50),
    (253, 231, 37),
];

impl Look {
    /// The colour of level `t` in [0, 1] on the ramp, if this terminal shows colour.
    pub fn ramp_color(&self, t: f64) -> Option<Color> {
        let (r, g, b) = viridis(t);
        match self.colors {
            Colors::None => None,
            Colors::TrueColor => Some(Color::Rgb(r, g, b)),
            Colors::Indexed256 => Some(Color::Indexed(cube_index(r, g, b))),
        }
    }

    /// The colour of series `k` (lines, points, arrows) on this background.
    pub fn series_color(&self, k: usize) -> Color {
        let palette = if self.light {
            SERIES_ON_LIGHT
        } else {
            SERIES_ON_DARK
        };
        palette[k % palette.len()]
    }

    /// The colour of cells where two series meet: the one furthest from the background.
    pub fn overlap_color(&self) -> Color {
        if self.light {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The shade characters, lightest first.
    pub fn shades(&self) -> &'static [&'static str] {
        if self.ascii {
            &[" ", ".", ":", "-", "=", "+", "*", "#", "%", "@"]
        } else {
            &[" ", "░", "▒", "▓", "█"]
        }
    }

    /// The shade character of level `t` in [0, 1].
    pub fn shade(&self, t: f64) -> &'static str {
        let shades = self.shades();
        let i = (t.clamp(0.0, 1.0) * (shades.len() - 1) as f64).round() as usize;
        shades[i]
    }
}

fn viridis(t: f64) -> (u8, u8, u8) {
    let x = t.clamp(0.0, 1.0) * (VIRIDIS.len() - 1) as f64;
    let i = (x.floor() as usize).min(VIRIDIS.len() - 2);
    let f = x - i as f64;
    let mix = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * f).round() as u8;
    let (a, b) = (VIRIDIS[i], VIRIDIS[i + 1]);
    (mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// The nearest colour of xterm's 6×6×6 cube (indices 16 to 231).
fn cube_index(r: u8, g: u8, b: u8) -> u8 {
    let level = |c: u8| -> u8 {
        const STEPS: [u8; 6] = [0, 95, 135, 175, 215, 255];
        (0..6u8)
            .min_by_key(|i| (i16::from(STEPS[*i as usize]) - i16::from(c)).abs())
            .unwrap_or(0)
    };
    16 + 36 * level(r) + 6 * level(g) + level(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ramp_ends_are_the_ends_of_viridis() {
        let look = Look {
            ascii: false,
            colors: Colors::TrueColor,
            light: false,
        };
        assert_eq!(look.ramp_color(0.0), Some(Color::Rgb(68, 1, 84)));
        assert_eq!(look.ramp_color(1.0), Some(Color::Rgb(253, 231, 37)));
        assert_eq!(
            Look {
                ascii: false,
                colors: Colors::None,
                light: false
            }
            .ramp_color(0.5),
            None
        );
    }

    #[test]
    fn a_light_background_gets_deep_series_colours() {
        let dark = Look {
            ascii: false,
            colors: Colors::Indexed256,
            light: false,
        };
        let light = Look {
            light: true,
            ..dark
        };
        assert_eq!(dark.series_color(2), Color::Yellow);
        assert_eq!(light.series_color(2), Color::Indexed(130));
        assert_eq!(light.series_color(4), light.series_color(0));
        assert_eq!(
            (dark.overlap_color(), light.overlap_color()),
            (Color::White, Color::Black)
        );
        // No pale colour is left for a light background: every one is dark in the cube.
        for k in 0..4 {
            let Color::Indexed(i) = light.series_color(k) else {
                panic!("indexed")
            };
            let level = |d: u8| [0u16, 95, 135, 175, 215, 255][usize::from(d)];
            let i = i - 16;
            let (r, g, b) = (level(i / 36), level(i / 6 % 6), level(i % 6));
            assert!(r + g + b <= 3 * 135, "series {k} too pale: {i}");
        }
    }

    #[test]
    fn shades_span_lightest_to_darkest() {
        let ascii = Look {
            ascii: true,
            colors: Colors::None,
            light: false,
        };
        assert_eq!((ascii.shade(0.0), ascii.shade(1.0)), (" ", "@"));
        let unicode = Look {
            ascii: false,
            colors: Colors::None,
            light: false,
        };
        assert_eq!((unicode.shade(0.0), unicode.shade(1.0)), (" ", "█"));
        assert_eq!(unicode.shade(0.5), "▒");
    }

    #[test]
    fn cube_index_of_pure_colours() {
        assert_eq!(cube_index(0, 0, 0), 16);
        assert_eq!(cube_index(255, 255, 255), 231);
        assert_eq!(cube_index(255, 0, 0), 196);
    }

    #[test]
    fn detection_follows_no_color_colorterm_and_term() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |k: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == k)
                    .map(|(_, v)| v.to_string())
            }
        };
        assert_eq!(
            Colors::detect(true, env(&[("COLORTERM", "truecolor")])),
            Colors::TrueColor
        );
        assert_eq!(
            Colors::detect(true, env(&[("TERM", "xterm-256color")])),
            Colors::Indexed256
        );
        assert_eq!(
            Colors::detect(true, env(&[("TERM", "vt100")])),
            Colors::None
        );
        assert_eq!(
            Colors::detect(false, env(&[("COLORTERM", "truecolor")])),
            Colors::None
        );
    }
}
