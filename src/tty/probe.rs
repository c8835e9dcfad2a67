//! The ratatui backend of the reader: it writes nothing. ratatui renders each frame into
//! its buffer and asks this backend for the size and to place the cursor; the frame
//! itself is then written by the [`Painter`](super::paint::Painter), which knows the
//! terminal's dialect and its scroll regions (ratatui's own diff cannot use them: a
//! one-line scroll changes every cell of the text).

use std::io;

use ratatui::backend::{Backend, ClearType, WindowSize};
use ratatui::buffer::Cell;
use ratatui::layout::{Position, Size};

/// Size source and the cursor request of the last frame.
#[derive(Debug, Clone)]
pub struct Probe {
    /// `None`: ask the terminal; `Some`: a fixed size (tests, benchmarks).
    fixed: Option<Size>,
    cursor: Position,
    visible: bool,
}

impl Probe {
    /// The size of the terminal on standard output.
    pub fn terminal() -> Probe {
        Probe {
            fixed: None,
            cursor: Position::ORIGIN,
            visible: false,
        }
    }

    pub fn fixed(width: u16, height: u16) -> Probe {
        Probe {
            fixed: Some(Size::new(width, height)),
            ..Probe::terminal()
        }
    }

    /// Where the last frame asked for the cursor, if it asked to show it.
    pub fn cursor(&self) -> Option<Position> {
        self.visible.then_some(self.cursor)
    }

    /// Changes a fixed size (tests of resizing).
    pub fn resize(&mut self, width: u16, height: u16) {
        self.fixed = Some(Size::new(width, height));
    }
}

/// The size of the terminal on standard output, asked of it directly: crossterm's
/// `terminal::size` opens `/dev/tty` for every question, and ratatui asks before every
/// frame (three opens before the first one). When standard output cannot say (it is not
/// the terminal, or it reports no size), crossterm's way is the fallback.
fn stdout_size() -> io::Result<Size> {
    let mut size = libc::winsize {
        ws_row: 0,
        ws_col: 0,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: TIOCGWINSZ writes one `winsize` through the pointer, to a live local.
    let rc = unsafe { libc::ioctl(libc::STDOUT_FILENO, libc::TIOCGWINSZ, &mut size) };
    if rc == 0 && size.ws_col > 0 && size.ws_row > 0 {
        return Ok(Size::new(size.ws_col, size.ws_row));
    }
    let (width, height) = ratatui::crossterm::terminal::size()?;
    Ok(Size::new(width, height))
}

impl Backend for Probe {
    type Error = io::Error;

    fn draw<'a, I>(&mut self, _content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        Ok(())
    }

    fn hide_cursor(&mut self) -> io::Result<()> {
        self.visible = false;
        Ok(())
    }

    fn show_cursor(&mut self) -> io::Result<()> {
        self.visible = true;
        Ok(())
    }

    fn get_cursor_position(&mut self) -> io::Result<Position> {
        Ok(self.cursor)
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> io::Result<()> {
        self.cursor = position.into();
        Ok(())
    }

    fn clear(&mut self) -> io::Result<()> {
        Ok(())
    }

    fn clear_region(&mut self, _clear_type: ClearType) -> io::Result<()> {
        Ok(())
    }

    fn size(&self) -> io::Result<Size> {
        match self.fixed {
            Some(size) => Ok(size),
            None => stdout_size(),
        }
    }

    fn window_size(&mut self) -> io::Result<WindowSize> {
        Ok(WindowSize {
            columns_rows: self.size()?,
            pixels: Size::default(),
        })
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
