//! What the environment decides about drawing and storage, resolved once at startup:
//! the global flags, the locale, `NO_COLOR`, `TERM`, `ATTN_COURSE_NO_MOUSE`,
//! `ATTN_COURSE_THEME` and `ATTN_COURSE_HOME`.

use std::path::PathBuf;

use clap::ValueEnum as _;

use crate::cli::{Cli, ThemeName};
use crate::figure::Colors;
use crate::tty::caps::Caps;

/// Resolved global settings shared by every subcommand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    /// Course directory given with `--course`; `None` means the embedded course.
    pub course_dir: Option<PathBuf>,
    /// Draw with 7-bit ASCII only.
    pub ascii: bool,
    /// Use colour (false when `NO_COLOR` is set to anything non-empty).
    pub color: bool,
    /// How many colours figures may use (from `COLORTERM` and `TERM`).
    pub colors: Colors,
    /// What the terminal can show and do (from `TERM`, `COLORTERM` and `NO_COLOR`).
    pub caps: Caps,
    /// Capture the mouse (wheel scrolling); false with `--no-mouse` or
    /// `ATTN_COURSE_NO_MOUSE` set non-empty, leaving selection to the terminal.
    pub mouse: bool,
    /// Directory holding the progress file; `None` when no location can be found.
    pub home: Option<PathBuf>,
    /// Colours for a light background: `--theme light`, else `ATTN_COURSE_THEME=light`.
    /// The terminal is not asked (OSC 11): an answer that never comes, or arrives as
    /// keys in the reader, costs more than a setting. An unknown value means dark.
    pub light: bool,
    /// The host to sync with once the reader has quit: `--sync-on-quit`, else
    /// `ATTN_COURSE_SYNC_ON_QUIT` when set non-empty.
    pub sync_on_quit: Option<String>,
}

impl Settings {
    /// Reads the process environment.
    pub fn from_env(cli: &Cli) -> Settings {
        Settings::resolve(cli, |key| std::env::var(key).ok())
    }

    /// Resolves settings with an injectable environment, so tests need not mutate the
    /// process environment.
    pub fn resolve(cli: &Cli, var: impl Fn(&str) -> Option<String>) -> Settings {
        // A relative `--home` is meant from here; made absolute now so that it cannot
        // change meaning. A relative home from elsewhere is refused by the store.
        let home = cli
            .home
            .as_deref()
            .map(|h| std::path::absolute(h).unwrap_or_else(|_| h.to_path_buf()))
            .or_else(|| {
                var("ATTN_COURSE_HOME")
                    .filter(|h| !h.is_empty())
                    .map(PathBuf::from)
            })
            .or_else(default_home);
        let color = var("NO_COLOR").is_none_or(|v| v.is_empty());
        Settings {
            course_dir: cli.course.clone(),
            ascii: cli.ascii || !locale_is_utf8(&var),
            color,
            colors: Colors::detect(color, &var),
            caps: Caps::detect(
                &var("TERM").unwrap_or_default(),
                &var("COLORTERM").unwrap_or_default(),
                color,
            ),
            mouse: !cli.no_mouse && var("ATTN_COURSE_NO_MOUSE").is_none_or(|v| v.is_empty()),
            home,
            light: theme_name(cli, &var) == ThemeName::Light,
            sync_on_quit: (cli.sync_on_quit.clone())
                .or_else(|| var("ATTN_COURSE_SYNC_ON_QUIT"))
                .filter(|h| !h.trim().is_empty()),
        }
    }
}

fn theme_name(cli: &Cli, var: &impl Fn(&str) -> Option<String>) -> ThemeName {
    cli.theme
        .or_else(|| var("ATTN_COURSE_THEME").and_then(|v| ThemeName::from_str(v.trim(), true).ok()))
        .unwrap_or(ThemeName::Dark)
}

/// The locale's character set, by POSIX precedence: the first non-empty of `LC_ALL`,
/// `LC_CTYPE`, `LANG`. No locale at all is the "C" locale, which is not UTF-8.
fn locale_is_utf8(var: &impl Fn(&str) -> Option<String>) -> bool {
    ["LC_ALL", "LC_CTYPE", "LANG"]
        .iter()
        .find_map(|k| var(k).filter(|v| !v.is_empty()))
        .map(|v| {
            let v = v.to_ascii_lowercase();
            v.contains("utf-8") || v.contains("utf8")
        })
        .unwrap_or(false)
}

fn default_home() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "attn-course").map(|d| d.data_dir().to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    fn settings(args: &[&str], env: &[(&str, &str)]) -> Settings {
        let cli = Cli::parse_from(std::iter::once("attn-course").chain(args.iter().copied()));
        Settings::resolve(&cli, |k| {
            env.iter()
                .find(|(n, _)| *n == k)
                .map(|(_, v)| v.to_string())
        })
    }

    #[test]
    fn utf8_locale_draws_unicode_and_c_locale_draws_ascii() {
        assert!(!settings(&[], &[("LANG", "en_US.UTF-8")]).ascii);
        assert!(settings(&[], &[("LANG", "C")]).ascii);
        assert!(settings(&[], &[]).ascii);
        assert!(settings(&[], &[("LC_ALL", "C"), ("LANG", "en_US.UTF-8")]).ascii);
        assert!(settings(&["--ascii"], &[("LANG", "en_US.UTF-8")]).ascii);
    }

    #[test]
    fn the_mouse_is_captured_unless_the_flag_or_the_variable_says_no() {
        assert!(settings(&[], &[]).mouse);
        assert!(!settings(&["--no-mouse"], &[]).mouse);
        assert!(!settings(&[], &[("ATTN_COURSE_NO_MOUSE", "1")]).mouse);
        assert!(settings(&[], &[("ATTN_COURSE_NO_MOUSE", "")]).mouse);
    }

    #[test]
    fn the_theme_comes_from_the_flag_then_the_environment() {
        assert!(!settings(&[], &[]).light);
        assert!(settings(&[], &[("ATTN_COURSE_THEME", "light")]).light);
        assert!(settings(&[], &[("ATTN_COURSE_THEME", "Light ")]).light);
        assert!(!settings(&[], &[("ATTN_COURSE_THEME", "solarized")]).light);
        assert!(!settings(&["--theme", "dark"], &[("ATTN_COURSE_THEME", "light")]).light);
        assert!(settings(&["--theme", "light"], &[("ATTN_COURSE_THEME", "dark")]).light);
    }

    #[test]
    fn no_color_and_home_overrides() {
        assert!(!settings(&[], &[("NO_COLOR", "1")]).color);
        assert!(settings(&[], &[("NO_COLOR", "")]).color);
        let s = settings(&["--home", "/a"], &[("ATTN_COURSE_HOME", "/b")]);
        assert_eq!(s.home, Some(PathBuf::from("/a")));
        let s = settings(&[], &[("ATTN_COURSE_HOME", "/b")]);
        assert_eq!(s.home, Some(PathBuf::from("/b")));
    }
}
