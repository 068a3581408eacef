import Testing
import WalkscapeTestSupport
import WalkscapeSystem

/// `FilePathText.parent` gives what `NSString.deletingLastPathComponent` gives (the table below is what that
/// returned here), and gives it for the one-character names on which that traps (`t`, `.`, `x/`).
@Suite struct FilePathTextTests {
    @Test func theFolderPartOfAPath() {
        let cases: [(String, String)] = [
            ("ab", ""), ("a/b", "a"), ("/a", "/"), ("/", "/"), ("a/b/", "a"), ("a//b", "a"), ("//a", "/"), ("a/b//", "a"),
            ("/a/b/c.txt", "/a/b"), ("./a", "."), ("../a", ".."), ("a/./b", "a/."), ("é/ü", "é"), ("a/b/c/", "a/b"),
            ("tours/torino", "tours"), ("./ab", "."), ("", ""),
            // Where Foundation traps: a one-character name, with or without a trailing slash.
            ("t", ""), (".", ""), ("x/", ""), ("a/t", "a"), ("//", "/"),
        ]
        for (path, parent) in cases {
            expectEqual(FilePathText.parent(of: path), parent, "parent of '\(path)'")
        }
    }
}
