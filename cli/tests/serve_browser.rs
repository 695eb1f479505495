//! `grundy serve` in a real browser: headless Chromium driven through
//! chromedriver (WebDriver, by fantoccini). Type a game and see the
//! diagnostics, then the answers; open the explorer from an answer; click
//! through three moves of Domineering and back; misère play; a loopy game's
//! draws; cancel a long query; save and reload.
//!
//! Skipped, with a note, when `chromium` or `chromedriver` is not on the
//! PATH (Debian's packages `chromium` and `chromium-driver`, which
//! .ci/run installs where apt-get exists). With `GRUNDY_SCREENSHOTS=DIR`
//! it saves a screenshot of each page into DIR (docs/pictures/ holds
//! those of the docs).

use crate::serve_common;

use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};
use serve_common::{Server, temp_dir};

const WORKSHEET: &str = "\
game Domineering(b) {
    left move parts(c) for c in place(b, [(0, 0), (1, 0)])
    right move parts(c) for c in place(b, [(0, 0), (0, 1)])
}
fn parts(b) = sum([Domineering(canonical(p, \"mirror\")) for p in components(b)])
value Domineering(grid(3, 3))
game Loop(n) { move Loop(1 - n) }
";

/// A query that runs for tens of seconds.
const LONG: &str = "game T(n) { move T(n - k) for k in 1..=3 if k <= n }\n\
                    assert exists n in 0..100000000: grundy(T(n % 50)) > 5\n";

fn on_path(program: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|d| d.join(program))
            .find(|p| p.is_file())
    })
}

/// chromedriver on a free port, ended when dropped.
struct Driver {
    child: Child,
    port: u16,
}

impl Driver {
    fn start(path: &Path) -> Driver {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let child = Command::new(path)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let deadline = Instant::now() + Duration::from_secs(20);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "chromedriver does not listen");
            std::thread::sleep(Duration::from_millis(50));
        }
        Driver { child, port }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn browser(driver: &Driver, chromium: &Path, profile: &Path) -> Client {
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": chromium,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync",
                "--window-size=1280,860", "--hide-scrollbars",
                format!("--user-data-dir={}", profile.display()),
            ],
        }),
    );
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    ClientBuilder::new(connector)
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await
        .expect("a Chromium session")
}

/// Wait until a script's value is `want` (20 s at most).
async fn wait_for(c: &Client, script: &str, want: &Value) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let got = c.execute(script, vec![]).await.expect("the script runs");
        if &got == want {
            return;
        }
        assert!(Instant::now() < deadline, "`{script}` is {got}, not {want}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn eval(c: &Client, script: &str) -> Value {
    c.execute(script, vec![]).await.expect("the script runs")
}

async fn click(c: &Client, css: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("click {css}: {e}"));
}

async fn screenshot(c: &Client, name: &str) {
    if let Some(dir) = std::env::var_os("GRUNDY_SCREENSHOTS") {
        let png = c.screenshot().await.expect("a screenshot");
        std::fs::write(Path::new(&dir).join(name), png).expect("the screenshot is written");
    }
}

/// The explorer's count of positions shown, as a number.
const SHOWN: &str = "return Number(document.body.dataset.shown || 0)";

async fn explored(c: &Client, n: u64) {
    wait_for(c, SHOWN, &json!(n)).await;
}

#[test]
fn the_worksheet_and_the_explorer_in_chromium() {
    let (Some(chromium), Some(chromedriver)) = (on_path("chromium"), on_path("chromedriver"))
    else {
        eprintln!(
            "note: chromium or chromedriver is not installed: the browser tests are skipped \
             (apt-get install chromium chromium-driver)"
        );
        return;
    };
    let dir_tmp = temp_dir("browser");
    let dir = dir_tmp.path();
    std::fs::write(dir.join("sheet.game"), WORKSHEET).unwrap();
    let server = Server::start(dir, &["sheet.game"]);
    let driver = Driver::start(&chromedriver);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let c = runtime.block_on(browser(&driver, &chromium, &dir.join("profile")));
    let steps = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        runtime.block_on(async {
            worksheet(&c, &server).await;
            explorer(&c).await;
            cancel_save_reload(&c, dir).await;
        });
    }));
    // Chromium ends with its session, failed or not (ending chromedriver
    // alone would leave it running).
    let closed = runtime.block_on(c.close());
    if let Err(failure) = steps {
        std::panic::resume_unwind(failure);
    }
    closed.expect("the browser closes");
}

/// Type a game, see its diagnostic as it is typed, then its answers.
async fn worksheet(c: &Client, server: &Server) {
    c.goto(&server.url).await.unwrap();
    wait_for(
        c,
        "return document.body.dataset.ready || ''",
        &json!("true"),
    )
    .await;
    let text = eval(c, "return document.getElementById('editor').value").await;
    assert_eq!(text, json!(WORKSHEET), "the file named is loaded");
    eval(
        c,
        "const e = document.getElementById('editor'); e.focus(); e.setSelectionRange(e.value.length, e.value.length); return 0",
    )
    .await;
    let editor = c.find(Locator::Id("editor")).await.unwrap();
    editor
        .send_keys("game Take(n) { move Take(n - k) for k in 1..=2 if k <= n }\ngrundy Tak(7)")
        .await
        .unwrap();
    wait_for(
        c,
        "return [...document.querySelectorAll('#diagnostics .code')].map(e => e.textContent.trim()).join()",
        &json!("grundy::eval::unknown_function"),
    )
    .await;
    // Fix it: the diagnostic goes.
    editor
        .send_keys("\u{E003}\u{E003}\u{E003}e(7)\nsequence Take 0..9\n")
        .await
        .unwrap();
    wait_for(
        c,
        "return document.querySelectorAll('#diagnostics li').length",
        &json!(0),
    )
    .await;
    click(c, "#run").await;
    wait_for(
        c,
        "return document.querySelectorAll('.answer pre.text').length",
        &json!(3),
    )
    .await;
    let answers = eval(
        c,
        "return [...document.querySelectorAll('.answer pre.text')].map(e => e.textContent)",
    )
    .await;
    assert_eq!(
        answers,
        json!([
            "value Domineering(grid(\"...|...|...\")) = ±1",
            "grundy Take(7) = 1",
            "sequence Take 0..=8: 0 1 2 0 1 2 0 1 2"
        ])
    );
    // Each answer under its statement as written, highlighted.
    let statements = eval(
        c,
        "return [...document.querySelectorAll('.answer .statement')].map(e => [e.querySelector('.line').textContent, e.querySelector('.source').textContent, e.querySelectorAll('.hl-keyword').length])",
    )
    .await;
    assert_eq!(
        statements,
        json!([
            ["line 6", "value Domineering(grid(3, 3))", 1],
            ["line 9", "grundy Take(7)", 1],
            ["line 10", "sequence Take 0..9", 1]
        ])
    );
    // The editor's text lies on its highlighted copy, character for
    // character.
    assert_eq!(
        eval(
            c,
            "return document.getElementById('highlight').textContent === document.getElementById('editor').value + ' '"
        )
        .await,
        json!(true)
    );
    // The caret on a statement marks its answer.
    eval(
        c,
        "const e = document.getElementById('editor'); e.focus(); e.setSelectionRange(e.value.indexOf('grundy Take'), e.value.indexOf('grundy Take')); e.dispatchEvent(new Event('click')); return 0",
    )
    .await;
    assert_eq!(
        eval(
            c,
            "return document.querySelector('.answer.current .source').textContent"
        )
        .await,
        json!("grundy Take(7)")
    );
    // The board as squares, the sequence's plot as a picture.
    wait_for(
        c,
        "return document.querySelectorAll('.answer .board .cell.empty').length",
        &json!(9),
    )
    .await;
    wait_for(
        c,
        "return document.querySelectorAll('.answer img.picture').length",
        &json!(1),
    )
    .await;
    screenshot(c, "serve-worksheet.png").await;
}

/// Open the explorer from an answer, three moves of Domineering and back,
/// misère play, a loopy game's draws.
async fn explorer(c: &Client) {
    click(c, ".answer a.explore").await;
    explored(c, 1).await;
    let root = "Domineering(grid(\"...|...|...\"))";
    assert_eq!(
        eval(c, "return document.querySelector('#here h2').textContent").await,
        json!(root)
    );
    // 3×3 = ±1: each player wins moving first, with a winning move marked.
    wait_for(
        c,
        "return document.querySelectorAll('.side:first-child .option.winning').length > 0",
        &json!(true),
    )
    .await;
    wait_for(
        c,
        "return document.querySelectorAll('.side:last-child .option.winning').length > 0",
        &json!(true),
    )
    .await;
    assert_eq!(
        eval(
            c,
            "return document.querySelectorAll('#here .board .cell').length"
        )
        .await,
        json!(9)
    );
    screenshot(c, "serve-explorer.png").await;
    let mut trail = vec![root.to_string()];
    for n in 2..=4 {
        let to = eval(
            c,
            "return document.querySelector('.option .go').textContent",
        )
        .await;
        click(c, ".option .go").await;
        explored(c, n).await;
        trail.push(to.as_str().unwrap().to_string());
        let crumbs = eval(
            c,
            "return [...document.querySelectorAll('#path .crumb')].map(e => e.textContent)",
        )
        .await;
        assert_eq!(crumbs, json!(trail));
    }
    for n in 5..=7 {
        click(c, "#back").await;
        explored(c, n).await;
    }
    assert_eq!(
        eval(c, "return document.querySelector('#here h2').textContent").await,
        json!(root)
    );
    assert_eq!(
        eval(c, "return document.querySelector('#back').disabled").await,
        json!(true)
    );
    click(c, "#forward").await;
    explored(c, 8).await;
    assert_eq!(
        eval(c, "return document.querySelector('#here h2').textContent").await,
        json!(trail[1])
    );
    click(c, "input[name=play][value=misere]").await;
    explored(c, 9).await;
    let facts = eval(
        c,
        "return document.querySelector('#here .facts').textContent",
    )
    .await;
    assert!(facts.as_str().unwrap().contains("misère play"), "{facts}");
    // A loopy game: its option is a draw, marked.
    click(c, "input[name=play][value=normal]").await;
    explored(c, 10).await;
    eval(
        c,
        "document.getElementById('position').value = 'Loop(0)'; return 0",
    )
    .await;
    click(c, "#go-form button").await;
    explored(c, 11).await;
    assert_eq!(
        eval(c, "return document.querySelectorAll('.option.draw').length").await,
        json!(1)
    );
    assert_eq!(
        eval(
            c,
            "return document.querySelector('#here .outcome').textContent"
        )
        .await,
        json!("D")
    );
    screenshot(c, "serve-explorer-loopy.png").await;
}

/// Stop a long query; save the worksheet and load it again.
async fn cancel_save_reload(c: &Client, dir: &Path) {
    click(c, "#to-worksheet").await;
    wait_for(
        c,
        "return document.body.dataset.ready || ''",
        &json!("true"),
    )
    .await;
    let set = format!(
        "const e = document.getElementById('editor'); e.value = {}; e.dispatchEvent(new Event('input')); return 0",
        json!(LONG)
    );
    eval(c, &set).await;
    let started = Instant::now();
    click(c, "#run").await;
    wait_for(
        c,
        "return document.querySelector('#stop').disabled",
        &json!(false),
    )
    .await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    click(c, "#stop").await;
    wait_for(
        c,
        "return document.querySelector('#run').disabled",
        &json!(false),
    )
    .await;
    assert!(
        started.elapsed() < Duration::from_secs(15),
        "the query was not stopped"
    );
    let code = eval(
        c,
        "return document.querySelector('.answer .code').textContent",
    )
    .await;
    assert!(
        code.as_str()
            .unwrap()
            .ends_with("grundy::solve::interrupted"),
        "{code}"
    );
    assert!(
        eval(c, "return document.getElementById('status').textContent")
            .await
            .as_str()
            .unwrap()
            .starts_with("stopped")
    );
    let saved = "# saved from the browser\ngrundy *3 + *5\n";
    let set = format!(
        "const e = document.getElementById('editor'); e.value = {}; e.dispatchEvent(new Event('input')); return 0",
        json!(saved)
    );
    eval(c, &set).await;
    click(c, "#save").await;
    wait_for(
        c,
        "return document.getElementById('status').textContent.startsWith('saved')",
        &json!(true),
    )
    .await;
    assert_eq!(
        std::fs::read_to_string(dir.join("sheet.game")).unwrap(),
        saved
    );
    // A new tab's worksheet: the file is loaded again.
    eval(
        c,
        "sessionStorage.clear(); localStorage.clear(); location.reload(); return 0",
    )
    .await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    wait_for(
        c,
        "return document.body.dataset.ready || ''",
        &json!("true"),
    )
    .await;
    assert_eq!(
        eval(c, "return document.getElementById('editor').value").await,
        json!(saved)
    );
}
