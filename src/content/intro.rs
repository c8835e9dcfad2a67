//! How a course introduces itself in one line (the reader's first screen, `list`).

/// The course's title, `sep`, then where it stands in its reading track (or its tagline
/// when it has no track). Course text is untrusted (`--course`), so it is made
/// single-line and free of control characters.
pub fn intro_line(title: &str, tagline: &str, track: &str, sep: &str) -> String {
    let about = if track.trim().is_empty() {
        tagline
    } else {
        track
    };
    let line = if about.trim().is_empty() {
        title.to_string()
    } else {
        format!("{title}{sep}{about}")
    };
    crate::sanitize::one_line(line.trim())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_intro_names_the_track_or_else_the_tagline() {
        let line = |title, tagline, track| intro_line(title, tagline, track, " - ");
        assert_eq!(line("T", "tag", "Course 3 of 8"), "T - Course 3 of 8");
        assert_eq!(line("T", "tag", " "), "T - tag");
        assert_eq!(line("T", "", ""), "T");
        assert_eq!(line("T\x1b[2J", "", "a\nb"), "T\u{FFFD}[2J - a b");
    }
}
