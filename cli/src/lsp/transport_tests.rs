use super::*;

fn frames(input: &[u8], max: usize) -> Vec<Frame> {
    let mut r = io::BufReader::with_capacity(7, input);
    let mut out = Vec::new();
    loop {
        let f = read_frame(&mut r, max).unwrap();
        if f == Frame::End {
            return out;
        }
        if let Frame::Bad { skip: n, .. } = &f {
            skip(&mut r, *n).unwrap();
        }
        out.push(f);
    }
}

fn body(f: &Frame) -> &[u8] {
    match f {
        Frame::Body(b) => b,
        other => panic!("{other:?}"),
    }
}

#[test]
fn frames_are_read_by_their_length_with_any_header_case() {
    let input = b"Content-Length: 2\r\n\r\n{}content-length:3\r\nContent-Type: x\r\n\r\n[1]";
    let f = frames(input, 100);
    assert_eq!(f.len(), 2, "{f:?}");
    assert_eq!(body(&f[0]), b"{}");
    assert_eq!(body(&f[1]), b"[1]");
}

#[test]
fn a_length_over_the_cap_is_refused_before_allocating_and_skipped() {
    // A length no machine could allocate: refused, not attempted.
    let mut r = io::BufReader::new(&b"Content-Length: 99999999999999\r\n\r\n"[..]);
    match read_frame(&mut r, MAX_MESSAGE_FOR_TESTS).unwrap() {
        Frame::Bad { why, skip } => {
            assert!(why.contains("99999999999999"), "{why}");
            assert_eq!(skip, 99_999_999_999_999);
        }
        other => panic!("{other:?}"),
    }
    // A body just over the cap is thrown away and the next one read.
    let input = b"Content-Length: 11\r\n\r\n{\"a\":12345}Content-Length: 2\r\n\r\n{}";
    let f = frames(input, 10);
    assert!(matches!(&f[0], Frame::Bad { skip: 11, .. }), "{f:?}");
    assert_eq!(body(&f[1]), b"{}");
}

const MAX_MESSAGE_FOR_TESTS: usize = 32 << 20;

#[test]
fn bad_headers_are_reported_and_reading_goes_on() {
    let long = format!("X-Long: {}\r\n", "y".repeat(100_000));
    let input = [
        b"Content-Length: ten\r\n\r\n".as_slice(),
        // A broken line beside a length: the body is skipped.
        b"no colon here\r\nContent-Length: 2\r\n\r\n[]",
        b"\r\n",
        long.as_bytes(),
        b"Content-Length: 2\r\n\r\n{}",
    ]
    .concat();
    let f = frames(&input, 100);
    assert_eq!(f.len(), 4, "{f:?}");
    assert!(matches!(&f[0], Frame::Bad { why, skip: 0 } if why.contains("`ten`")));
    assert!(matches!(&f[1], Frame::Bad { why, skip: 2 } if why.contains("not a header")));
    assert!(matches!(&f[2], Frame::Bad { why, .. } if why.contains("without a Content-Length")));
    assert_eq!(body(&f[3]), b"{}");
}

#[test]
fn a_header_line_is_kept_to_its_bound() {
    let line = [vec![b'x'; 3 * MAX_HEADER_LINE], b"\nrest".to_vec()].concat();
    let mut r = io::BufReader::with_capacity(5, &line[..]);
    let kept = header_line(&mut r).unwrap().unwrap();
    assert_eq!(kept.len(), MAX_HEADER_LINE);
    assert_eq!(header_line(&mut r).unwrap().unwrap(), b"rest");
    assert_eq!(header_line(&mut r).unwrap(), None);
}

fn code(answer: &Value) -> i64 {
    answer["error"]["code"].as_i64().unwrap()
}

#[test]
fn bodies_that_are_not_messages_get_json_rpc_errors() {
    let e = parse(b"\xff\xfe{}").unwrap_err();
    assert_eq!((code(&e), &e["id"]), (-32700, &Value::Null));
    assert_eq!(code(&parse(b"{\"jsonrpc\": ").unwrap_err()), -32700);
    for invalid in [
        "[]",
        "3",
        r#"{"jsonrpc": "2.0"}"#,
        r#"{"jsonrpc": "2.0", "id": 1.5, "method": "x"}"#,
        r#"{"jsonrpc": "2.0", "id": null, "method": "x"}"#,
        r#"{"jsonrpc": "2.0", "id": 1, "method": 7}"#,
        r#"{"jsonrpc": "2.0", "id": 1, "method": "x", "params": 3}"#,
        r#"{"id": 1, "method": "x"}"#,
    ] {
        let e = parse(invalid.as_bytes()).unwrap_err();
        assert_eq!(code(&e), -32600, "{invalid}: {e}");
    }
    // The id is given back when it can be read.
    let e = parse(br#"{"jsonrpc": "1.0", "id": "a", "method": "x"}"#).unwrap_err();
    assert_eq!(e["id"], "a");
}

#[test]
fn requests_notifications_and_responses_are_told_apart() {
    let m = parse(br#"{"jsonrpc": "2.0", "id": 4, "method": "m", "params": {"a": 1}}"#);
    assert!(matches!(m, Ok(Message::Request(r)) if r.method == "m" && r.params["a"] == 1));
    let m = parse(br#"{"jsonrpc": "2.0", "method": "n"}"#);
    assert!(matches!(m, Ok(Message::Notification(n)) if n.method == "n" && n.params.is_null()));
    let m = parse(br#"{"jsonrpc": "2.0", "id": null, "error": {"code": 1, "message": ""}}"#);
    assert!(matches!(m, Ok(Message::Response(_))));
}

#[test]
fn a_message_is_written_with_its_length() {
    let mut out = Vec::new();
    write(&mut out, &json!({"a": "é"})).unwrap();
    assert_eq!(out, "Content-Length: 10\r\n\r\n{\"a\":\"é\"}".as_bytes());
}
