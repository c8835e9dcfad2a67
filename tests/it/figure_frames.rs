//! Every figure kind drawn into a ratatui `TestBackend` frame in the three looks a
//! terminal can ask for: Unicode with 256 colours, 7-bit ASCII, and `NO_COLOR`
//! (Unicode characters only). Insta file snapshots, reviewed by eye; in colour, each
//! snapshot lists the coloured runs under the text, since the cells of a heat map are
//! blank without their background.

use attn_course::figure::{Colors, Figure, FigureSpec, Look};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::Color;
use ratatui::widgets::Paragraph;

const WIDTH: u16 = 60;

const LOOKS: [(&str, Look); 3] = [
    (
        "unicode",
        Look {
            ascii: false,
            colors: Colors::Indexed256,
            light: false,
        },
    ),
    (
        "ascii",
        Look {
            ascii: true,
            colors: Colors::None,
            light: false,
        },
    ),
    (
        "no_color",
        Look {
            ascii: false,
            colors: Colors::None,
            light: false,
        },
    ),
];

fn figure(toml_text: &str) -> Figure {
    let spec: FigureSpec = toml::from_str(toml_text).expect("spec parses");
    spec.evaluate().expect("figure evaluates")
}

/// The figure's body drawn as a paragraph filling a frame of its own height.
fn frame(figure: &Figure, look: &Look) -> Buffer {
    let lines = figure.body(usize::from(WIDTH), look);
    let height = u16::try_from(lines.len()).unwrap();
    let mut terminal = Terminal::new(TestBackend::new(WIDTH, height)).unwrap();
    terminal
        .draw(|f| f.render_widget(Paragraph::new(lines), f.area()))
        .unwrap();
    terminal.backend().buffer().clone()
}

/// The frame's text, then one line per run of cells with one colour.
fn dump(buffer: &Buffer) -> String {
    let area = buffer.area;
    let mut text = String::new();
    for y in 0..area.height {
        let row: String = (0..area.width).map(|x| buffer[(x, y)].symbol()).collect();
        text.push_str(row.trim_end());
        text.push('\n');
    }
    let mut runs = Vec::new();
    for y in 0..area.height {
        let mut x = 0;
        while x < area.width {
            let cell = &buffer[(x, y)];
            let colours = (cell.fg, cell.bg);
            let start = x;
            while x < area.width && (buffer[(x, y)].fg, buffer[(x, y)].bg) == colours {
                x += 1;
            }
            if colours != (Color::Reset, Color::Reset) {
                runs.push(format!(
                    "row {y} cols {start}-{}: fg {:?} bg {:?}",
                    x - 1,
                    colours.0,
                    colours.1
                ));
            }
        }
    }
    if !runs.is_empty() {
        text.push_str("-- colours --\n");
        text.push_str(&runs.join("\n"));
        text.push('\n');
    }
    text
}

fn snapshots(kind: &str, toml_text: &str) {
    let figure = figure(toml_text);
    for (look_name, look) in &LOOKS {
        let buffer = frame(&figure, look);
        if look.ascii {
            let all: String = buffer.content.iter().map(|c| c.symbol()).collect();
            assert!(all.is_ascii(), "{kind} in ASCII: {all}");
        }
        if look.colors == Colors::None {
            assert!(
                buffer
                    .content
                    .iter()
                    .all(|c| c.fg == Color::Reset && c.bg == Color::Reset),
                "{kind} without colour has colour"
            );
        }
        insta::assert_snapshot!(format!("{kind}_{look_name}"), dump(&buffer));
    }
}

#[test]
fn heatmap() {
    snapshots(
        "heatmap",
        r#"
kind = "heatmap"
data = "softmax([[2, 1, 0, -1], [0, 1, 2, 1], [1, 1, 1, 1]])"
"#,
    );
}

#[test]
fn heatmap_panels() {
    snapshots(
        "heatmap_panels",
        r#"
kind = "heatmap"
data = "concat(eye(3), 2 * ones(3, 3), 1)"
panels = 2
labels = ["eye(3)", "2 * ones(3, 3)"]
"#,
    );
}

#[test]
fn line() {
    snapshots(
        "line",
        r#"
kind = "line"
data = "transpose([softmax([2, 1, 0] / 0.5), softmax([2, 1, 0]), softmax([2, 1, 0] / 2), softmax([2, 1, 0] / 4)])"
x = "[0.5, 1, 2, 4]"
labels = ["key 0", "key 1", "key 2"]
xlabel = "tau"
ylabel = "weight"
"#,
    );
}

#[test]
fn scatter() {
    snapshots(
        "scatter",
        r#"
kind = "scatter"
data = "sin(linspace(0, 6, 25))"
x = "linspace(0, 6, 25)"
"#,
    );
}

#[test]
fn histogram() {
    snapshots(
        "histogram",
        r#"
kind = "histogram"
data = "[randn(200, 7), 2 * randn(200, 8)]"
labels = ["sd 1", "sd 2"]
bins = 12
"#,
    );
}

#[test]
fn bars() {
    snapshots(
        "bars",
        r#"
kind = "bars"
data = "[4*512^2 + 4*512, 2*512*2048 + 2048 + 512, 4*512]"
labels = ["attention", "feed-forward", "LayerNorms"]
"#,
    );
}
