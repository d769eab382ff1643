import Foundation
import Testing

@Suite struct IncrementalTests {
    /// Relative path → (inode, modification time) of every file under `root`.
    func identities(_ root: URL) throws -> [String: (UInt64, Date)] {
        var result: [String: (UInt64, Date)] = [:]
        let walker = FileManager.default.enumerator(atPath: root.path)
        while let relative = walker?.nextObject() as? String {
            let attributes = try FileManager.default.attributesOfItem(atPath: root.appendingPathComponent(relative).path)
            guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            result[relative] = ((attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0, attributes[.modificationDate] as! Date)
        }
        return result
    }

    @Test("after one more day, exactly the pages that show it are rewritten; the rest keep their inode and time")
    func oneMoreDay() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // 40 days ending Wednesday 2026-11-18, then the same data plus Thursday the 19th.
        #expect(try Tool.run(["sample", "--days", "40", "--end", "2026-11-18", "-o", "before.json"], in: folder).status == 0)
        #expect(try Tool.run(["sample", "--days", "41", "--end", "2026-11-19", "-o", "after.json"], in: folder).status == 0)
        #expect(try Tool.run(["build", "before.json", "-o", "out", "-q"], in: folder).status == 0)
        let before = try identities(folder.appendingPathComponent("out"))
        let result = try Tool.run(["build", "after.json", "-o", "out"], in: folder)
        #expect(result.status == 0)
        let after = try identities(folder.appendingPathComponent("out"))
        let rewritten = Set(after.keys.filter { before[$0] == nil || before[$0]!.0 != after[$0]!.0 })
        // The search index lists every day, so one more day rewrites it too; the export's
        // index has the new events.
        var expected: Set<String> = ["index.html", "compare.html", ".bbreport-manifest", "assets/search-index.js", ".bbreport-export-index",
                                     "status.json", "feed.xml"]
        for child in ["ava", "leo"] {
            expected.formUnion(["\(child)/2026/11/19.html", "\(child)/2026/11/18.html", "\(child)/weeks/2026-W47.html",
                                "\(child)/2026/11/index.html", "\(child)/index.html", "\(child)/visit.html", "\(child)/days.json",
                                "\(child)/visit-print.css", "\(child)/growth.html", "\(child)/diary.html", "\(child)/trends.html"])
        }
        #expect(rewritten == expected, "unexpected: \(rewritten.subtracting(expected).sorted()), missing: \(expected.subtracting(rewritten).sorted())")
        #expect(result.stdout.contains("(28 files changed)"))
        for (path, identity) in after where !expected.contains(path) {
            #expect(identity.1 == before[path]?.1, "\(path) has a new modification time")
        }
        // The lock is let go, its file gone, once the archive is in place (the program
        // leaves the rest of its memory to its exit).
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(".out.bbreport-lock").path))
    }

    @Test("a saved stylesheet rewrites only itself, a saved month template only the month pages, and each equals a clean build")
    func templateChanges() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let templates = folder.appendingPathComponent("tpl")
        try FileManager.default.copyItem(at: Tool.packageRoot.appendingPathComponent("templates"), to: templates)
        let build = ["build", Tool.fixture("family.json"), "--templates", "tpl"]
        #expect(try Tool.run(build + ["-o", "out", "-q"], in: folder).status == 0)

        /// Edits a template, rebuilds, and returns the files rewritten; checks against a clean build.
        func edit(_ name: String, _ change: (String) -> String, round: Int) throws -> Set<String> {
            let before = try identities(folder.appendingPathComponent("out"))
            let file = templates.appendingPathComponent(name)
            try change(try String(contentsOf: file, encoding: .utf8)).write(to: file, atomically: true, encoding: .utf8)
            #expect(try Tool.run(build + ["-o", "out", "-q"], in: folder).status == 0)
            #expect(try Tool.run(build + ["-o", "clean-\(round)", "-q"], in: folder).status == 0)
            let a = try snapshot(of: folder.appendingPathComponent("out")).mapValues(\.0)
            let b = try snapshot(of: folder.appendingPathComponent("clean-\(round)")).mapValues(\.0)
            #expect(Set(a.keys).union(b.keys).filter { a[$0] != b[$0] && $0 != ".bbreport-manifest" }.isEmpty, "\(name): incremental ≠ clean")
            let after = try identities(folder.appendingPathComponent("out"))
            return Set(after.keys.filter { before[$0]?.0 != after[$0]!.0 })
        }

        #expect(try edit("bbreport.css", { $0 + "\n.extra { color: red; }\n" }, round: 1) == ["assets/bbreport.css", ".bbreport-manifest"])
        let months: Set = ["zoe-ava/2026/10/index.html", "zoe-ava/2026/11/index.html", "etc/2026/11/index.html"]
        #expect(try edit("month.mustache", { $0.replacingOccurrences(of: "{{/main}}", with: "<p>Edited</p>{{/main}}") }, round: 2)
            == months.union([".bbreport-manifest"]))
        // A week template that includes the day template: a day template change reaches the weeks too.
        let weeks: Set = ["zoe-ava/weeks/2026-W44.html", "zoe-ava/weeks/2026-W45.html", "etc/weeks/2026-W45.html"]
        let days: Set = ["zoe-ava/2026/10/31.html", "zoe-ava/2026/11/01.html", "zoe-ava/2026/11/02.html", "etc/2026/11/02.html"]
        #expect(try edit("day.mustache", { _ in "<p>Day: {{title}}</p>\n" }, round: 3) == days.union([".bbreport-manifest"]))
        #expect(try edit("week.mustache", { $0.replacingOccurrences(of: "{{/main}}", with: "{{>day}}{{/main}}") }, round: 4)
            == weeks.union([".bbreport-manifest"]))
        #expect(try edit("day.mustache", { _ in "<p>A day: {{title}}</p>\n" }, round: 5) == weeks.union(days).union([".bbreport-manifest"]))
    }

    @Test("a rebuild with nothing changed writes nothing and says so")
    func noOp() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Tool.run(["build", Tool.fixture("family.json"), "-o", "out", "-q"], in: folder).status == 0)
        let before = try identities(folder.appendingPathComponent("out"))
        let again = try Tool.run(["build", Tool.fixture("family.json"), "-o", "out"], in: folder)
        #expect(again.status == 0)
        #expect(again.stdout.hasPrefix("Up to date: out/ was built from this input and these options (checked in "))
        let after = try identities(folder.appendingPathComponent("out"))
        #expect(after.keys.sorted() == before.keys.sorted())
        for (path, identity) in after {
            #expect(identity.0 == before[path]!.0 && identity.1 == before[path]!.1, "\(path) was touched")
        }
        // Another option is another build.
        let dark = try Tool.run(["build", Tool.fixture("family.json"), "-o", "out", "--scheme", "dark"], in: folder)
        #expect(dark.stdout.hasPrefix("Built 21 pages ("))
    }

    @Test("two builds of the same input are identical, file for file")
    func identicalTrees() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Tool.run(["build", "-q", "-o", "a"], in: folder).status == 0)
        #expect(try Tool.run(["build", "-q", "-o", "b"], in: folder).status == 0)
        let a = try snapshot(of: folder.appendingPathComponent("a")).mapValues(\.0)
        let b = try snapshot(of: folder.appendingPathComponent("b")).mapValues(\.0)
        #expect(a.count > 700)
        #expect(a == b)
    }
}

@Suite struct IncrementalEqualsCleanTests {
    /// Builds `input` into `out` incrementally and into a fresh folder, and compares.
    func compare(_ input: String, in folder: URL) throws -> [String] {
        let incremental = try Tool.run(["build", input, "-o", "out", "-q"], in: folder)
        let clean = try Tool.run(["build", input, "-o", "fresh-\(input)", "-q"], in: folder)
        #expect(incremental.status == 0 && clean.status == 0)
        let a = try snapshot(of: folder.appendingPathComponent("out")).mapValues(\.0)
        let b = try snapshot(of: folder.appendingPathComponent("fresh-\(input)")).mapValues(\.0)
        return Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted()
    }

    @Test("an incremental build equals a clean build: after one more day, and after an old event was edited")
    func equalsClean() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Tool.run(["sample", "--days", "60", "--end", "2026-11-18", "-o", "a.json"], in: folder).status == 0)
        #expect(try Tool.run(["sample", "--days", "61", "--end", "2026-11-19", "-o", "b.json"], in: folder).status == 0)
        #expect(try Tool.run(["build", "a.json", "-o", "out", "-q"], in: folder).status == 0)
        // A days.json edited in the archive is not copied from: its bytes are not the manifest's.
        let edited = folder.appendingPathComponent("out/ava/days.json")
        try Data(try String(contentsOf: edited, encoding: .utf8).replacingOccurrences(of: #""pee":"#, with: #""pee":9"#).utf8).write(to: edited)
        #expect(try compare("b.json", in: folder) == [])
        // A caregiver corrects a bottle a month ago: that day, its week, month and the
        // days whose gaps it bounds must change, and nothing may go stale.
        var text = try String(contentsOf: folder.appendingPathComponent("b.json"), encoding: .utf8)
        let target = try #require(text.range(of: #""amount_ml":"#, range: text.index(text.startIndex, offsetBy: text.count / 2)..<text.endIndex))
        text.replaceSubrange(target, with: #""amount_ml":1"#)
        try Data(text.utf8).write(to: folder.appendingPathComponent("c.json"))
        #expect(try compare("c.json", in: folder) == [])
        // The family picks other icons in the app: every page, the themes page too, changes.
        let tinted = text.replacingOccurrences(of: #""icon_style":"filled""#, with: #""icon_style":"tinted""#)
        #expect(tinted != text)
        try Data(tinted.utf8).write(to: folder.appendingPathComponent("d.json"))
        #expect(try compare("d.json", in: folder) == [])
        // A note reworded weeks ago, and a new caregiver on the last day: the search index
        // takes the old entries up to that day and numbers the new name after the others.
        var search = tinted
        let note = try #require(search.range(of: #""text":""#, range: search.index(search.startIndex, offsetBy: search.count / 3)..<search.endIndex))
        search.replaceSubrange(note, with: #""text":"Reworded: "#)
        let last = try #require(search.range(of: #""created_by":""#, options: .backwards))
        search.replaceSubrange(last, with: #""created_by":"Aunt May"#)
        try Data(search.utf8).write(to: folder.appendingPathComponent("e.json"))
        #expect(try compare("e.json", in: folder) == [])
        let index = try String(contentsOf: folder.appendingPathComponent("out/assets/search-index.js"), encoding: .utf8)
        #expect(index.contains("Reworded:") && index.contains("Aunt May"))
    }

    @Test("one more day's build checks only the events the export did not share with the last, and equals a clean build; a damaged index is not used")
    func steppedOver() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Tool.run(["sample", "--days", "60", "--end", "2026-11-18", "-o", "a.json"], in: folder).status == 0)
        #expect(try Tool.run(["sample", "--days", "61", "--end", "2026-11-19", "-o", "b.json"], in: folder).status == 0)
        #expect(try Tool.run(["build", "a.json", "-o", "out", "-q"], in: folder).status == 0)
        let nightly = try Tool.run(["build", "b.json", "-o", "out", "--verbose"], in: folder)
        #expect(nightly.stderr.contains("events are the previous build's, byte for byte, and were read back as decoded then"))
        #expect(try compare("b.json", in: folder) == [])
        // The index damaged in the archive: read as none, the whole file is checked.
        let index = folder.appendingPathComponent("out/.bbreport-export-index")
        try Data(repeating: 0x2A, count: try Data(contentsOf: index).count).write(to: index)
        let text = try String(contentsOf: folder.appendingPathComponent("b.json"), encoding: .utf8)
        try Data(text.replacingOccurrences(of: #""diaper_type":"pee""#, with: #""diaper_type":"both""#).utf8)
            .write(to: folder.appendingPathComponent("c.json"))
        let damaged = try Tool.run(["build", "c.json", "-o", "out", "--verbose"], in: folder)
        #expect(damaged.status == 0)
        #expect(!damaged.stderr.contains("previous build's"))
        #expect(try compare("c.json", in: folder) == [])
    }

    @Test("--clean writes every file again")
    func clean() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Tool.run(["build", Tool.fixture("family.json"), "-o", "out", "-q"], in: folder).status == 0)
        let result = try Tool.run(["build", Tool.fixture("family.json"), "-o", "out", "--clean"], in: folder)
        #expect(result.stdout.hasPrefix("Built 21 pages (34 files changed)"))
    }
}

@Suite struct KilledBuildTests {
    @Test("a build killed at any moment before the swap leaves the previous archive identical; the next build cleans up",
          arguments: ["start", "files:1", "files:100", "manifest"])
    func killed(point: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try buildDayBefore(in: folder)
        let before = try snapshot(of: folder.appendingPathComponent("out"))

        var environment = ProcessInfo.processInfo.environment
        environment["BBREPORT_TEST_KILL_AT"] = point
        let killed = try Tool.run(["build", "b.json", "-o", "out", "--clean"], in: folder, environment: environment)
        #expect(killed.status == 9 || killed.status == 137, "exit \(killed.status)")
        let after = try snapshot(of: folder.appendingPathComponent("out"))
        #expect(after.keys.sorted() == before.keys.sorted())
        #expect(after.allSatisfy { before[$0.key]?.0 == $0.value.0 && before[$0.key]?.1 == $0.value.1 })
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).contains { $0.contains("staging") })

        let next = try Tool.run(["build", "b.json", "-o", "out", "-q"], in: folder)
        #expect(next.status == 0)
        #expect(try !FileManager.default.contentsOfDirectory(atPath: folder.path).contains { $0.contains("staging") })
    }

    @Test("a build killed just after the swap leaves the new archive complete")
    func killedAfterSwap() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Tool.run(["build", Tool.fixture("family.json"), "-o", "out", "-q", "--scheme", "dark"], in: folder).status == 0)
        var environment = ProcessInfo.processInfo.environment
        environment["BBREPORT_TEST_KILL_AT"] = "swapped"
        _ = try Tool.run(["build", Tool.fixture("family.json"), "-o", "out"], in: folder, environment: environment)
        let page = try String(contentsOf: folder.appendingPathComponent("out/zoe-ava/2026/11/01.html"), encoding: .utf8)
        #expect(!page.contains(#"data-scheme="dark""#), "the new archive is in place")
        #expect(try Tool.run(["build", Tool.fixture("family.json"), "-o", "out", "-q"], in: folder).status == 0)
        #expect(try !FileManager.default.contentsOfDirectory(atPath: folder.path).contains { $0.contains("staging") })
    }
}

@Suite struct SpareArchiveTests {
    /// The files of `out`, bytes only, without the manifest (it names the build's input).
    func pages(_ folder: URL) throws -> [String: Data] {
        try snapshot(of: folder).mapValues(\.0)
    }

    @Test("builds that patch the archive before give exactly what a clean build gives, the family's things carried")
    func patched() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        for (days, end, name) in [(40, "2026-11-18", "a.json"), (41, "2026-11-19", "b.json"), (20, "2026-11-19", "c.json")] {
            #expect(try Tool.run(["sample", "--days", "\(days)", "--end", end, "-o", name], in: folder).status == 0)
        }
        let out = folder.appendingPathComponent("out")
        #expect(try Tool.run(["build", "a.json", "-o", "out", "-q"], in: folder).status == 0)
        try Data("keep me".utf8).write(to: out.appendingPathComponent("notes.txt"))
        try manager.createDirectory(at: out.appendingPathComponent("ava/photos"), withIntermediateDirectories: true)
        try Data("jpeg".utf8).write(to: out.appendingPathComponent("ava/photos/first.jpg"))
        // One more day, a shorter range (pages removed), back again, another look: each
        // build after the second patches the archive two builds old.
        for (input, extra) in [("b.json", [String]()), ("c.json", []), ("b.json", ["--scheme", "dark"]), ("a.json", []), ("b.json", [])] {
            #expect(try Tool.run(["build", input, "-o", "out", "-q"] + extra, in: folder).status == 0)
            #expect(manager.fileExists(atPath: folder.appendingPathComponent(".out.bbreport-spare").path))
            let clean = "clean-\(input)-\(extra.count)"
            #expect(try Tool.run(["build", input, "-o", clean, "-q", "--clean"] + extra, in: folder).status == 0)
            var expected = try pages(folder.appendingPathComponent(clean))
            expected["notes.txt"] = Data("keep me".utf8)
            expected["ava/photos/first.jpg"] = Data("jpeg".utf8)
            let built = try pages(out)
            #expect(Set(built.keys) == Set(expected.keys), "\(input) \(extra)")
            let different = built.keys.filter { $0 != ".bbreport-manifest" && built[$0] != expected[$0] }.sorted()
            #expect(different.isEmpty, "\(input) \(extra): \(different.prefix(5))")
        }
    }

    @Test("pages the family deleted from the archive are made again by the next build, which equals a clean one; the same input again is no longer up to date")
    func pagesGone() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        for (days, end, name) in [(40, "2026-11-18", "a.json"), (41, "2026-11-19", "b.json")] {
            #expect(try Tool.run(["sample", "--days", "\(days)", "--end", end, "-o", name], in: folder).status == 0)
        }
        let out = folder.appendingPathComponent("out")
        #expect(try Tool.run(["build", "a.json", "-o", "out", "-q"], in: folder).status == 0)
        // Pages one more day does not change: without them, their keys are no use.
        try manager.removeItem(at: out.appendingPathComponent("ava/2026/10/20.html"))
        try manager.removeItem(at: out.appendingPathComponent("leo/weeks/2026-W43.html"))
        #expect(try Tool.run(["build", "b.json", "-o", "out", "-q"], in: folder).status == 0)
        #expect(try Tool.run(["build", "b.json", "-o", "clean", "-q", "--clean"], in: folder).status == 0)
        let built = try pages(out), expected = try pages(folder.appendingPathComponent("clean"))
        #expect(built["ava/2026/10/20.html"] != nil && built["leo/weeks/2026-W43.html"] != nil)
        #expect(Set(built.keys) == Set(expected.keys))
        #expect(built.keys.filter { $0 != ".bbreport-manifest" && built[$0] != expected[$0] }.isEmpty)
        // The same input again is no longer up to date once a page is gone, or made a folder.
        try manager.removeItem(at: out.appendingPathComponent("ava/2026/10/21.html"))
        let again = try Tool.run(["build", "b.json", "-o", "out"], in: folder)
        #expect(again.status == 0 && !again.stdout.contains("Up to date"), "\(again.stdout)")
        #expect(manager.fileExists(atPath: out.appendingPathComponent("ava/2026/10/21.html").path))
        #expect(try Tool.run(["build", "b.json", "-o", "out"], in: folder).stdout.contains("Up to date"))
        try manager.removeItem(at: out.appendingPathComponent("leo/index.html"))
        try manager.createDirectory(at: out.appendingPathComponent("leo/index.html"), withIntermediateDirectories: false)
        #expect(!(try Tool.run(["build", "b.json", "-o", "out"], in: folder).stdout.contains("Up to date")))
    }

    @Test("the spare's own changed files are written in place, any other replaced; the archive in use is never written through; a build that gives up leaves the spare as it was")
    func writtenInPlace() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        try buildDayBefore(in: folder)
        #expect(try Tool.run(["sample", "--days", "42", "--end", "2026-11-20", "-o", "c.json"], in: folder).status == 0)
        #expect(try Tool.run(["build", "b.json", "-o", "out", "-q"], in: folder).status == 0)
        let spare = folder.appendingPathComponent(".out.bbreport-spare")
        func inode(_ url: URL) throws -> UInt64 {
            try #require(try manager.attributesOfItem(atPath: url.path)[.systemFileNumber] as? UInt64)
        }
        func links(_ url: URL) throws -> Int {
            try #require(try manager.attributesOfItem(atPath: url.path)[.referenceCount] as? Int)
        }
        // The home page changes every day: the spare's alone. A day the next build keeps
        // is the archive in use's too. A changed page the family made private is replaced.
        let home = spare.appendingPathComponent("index.html")
        let shared = spare.appendingPathComponent("ava/2026/11/01.html")
        let private_ = spare.appendingPathComponent("leo/index.html")
        #expect(try links(home) == 1 && links(private_) == 1 && links(shared) == 2)
        #expect(chmod(private_.path, 0o600) == 0)
        let homeInode = try inode(home)
        let spareBefore = try snapshot(of: spare), inUse = try snapshot(of: folder.appendingPathComponent("out"))

        // Builds that give up, after the spare was looked at or before, leave it as it was.
        try Data(try Data(contentsOf: folder.appendingPathComponent("c.json")).prefix(30_000)).write(to: folder.appendingPathComponent("cut.json"))
        #expect(try Tool.run(["build", "cut.json", "-o", "out", "-q"], in: folder).status == 65)
        #expect(try Tool.run(["build", "c.json", "-o", "out", "-q", "--child", "Nobody"], in: folder).status == 64)
        #expect(!manager.fileExists(atPath: folder.appendingPathComponent(".out.bbreport-lock").path), "no lock is left")
        let spareAfter = try snapshot(of: spare)
        #expect(spareAfter.keys.sorted() == spareBefore.keys.sorted())
        #expect(spareAfter.allSatisfy { spareBefore[$0.key]?.0 == $0.value.0 && spareBefore[$0.key]?.1 == $0.value.1 })

        #expect(try Tool.run(["build", "c.json", "-o", "out", "-q"], in: folder).status == 0)
        let out = folder.appendingPathComponent("out")
        #expect(try inode(out.appendingPathComponent("index.html")) == homeInode, "written in place")
        // The archive that was in use, now the spare, is as it was.
        let previous = try snapshot(of: spare)
        #expect(inUse.allSatisfy { previous[$0.key] == nil || previous[$0.key]?.0 == $0.value.0 })
        #expect(try Tool.run(["build", "c.json", "-o", "clean", "-q", "--clean"], in: folder).status == 0)
        let clean = folder.appendingPathComponent("clean")
        let built = try pages(out), expected = try pages(clean)
        #expect(Set(built.keys) == Set(expected.keys))
        #expect(built.keys.filter { $0 != ".bbreport-manifest" && built[$0] != expected[$0] }.isEmpty)
        // The private page was replaced: it has a new file's permissions, as in a clean build.
        for page in ["index.html", "leo/index.html"] {
            let mode = { (root: URL) in try manager.attributesOfItem(atPath: root.appendingPathComponent(page).path)[.posixPermissions] as? Int }
            #expect(try mode(out) == mode(clean), "\(page)")
        }
    }

    @Test("a tampered archive before is cleared, never written through: links, pipes and strangers in it go, a manifest shared by a link is left as it was")
    func tampered() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        try buildDayBefore(in: folder)
        #expect(try Tool.run(["build", "b.json", "-o", "out", "-q"], in: folder).status == 0)
        let spare = folder.appendingPathComponent(".out.bbreport-spare")
        let victim = folder.appendingPathComponent("victim")
        try manager.createDirectory(at: victim, withIntermediateDirectories: true)
        // A folder of pages replaced by a link out, a page replaced by a pipe, a stranger.
        let month = try #require(try manager.contentsOfDirectory(atPath: spare.appendingPathComponent("ava/2026").path).sorted().last)
        try manager.removeItem(at: spare.appendingPathComponent("ava/2026/\(month)"))
        try manager.createSymbolicLink(atPath: spare.appendingPathComponent("ava/2026/\(month)").path, withDestinationPath: victim.path)
        try manager.removeItem(at: spare.appendingPathComponent("index.html"))
        #expect(mkfifo(spare.appendingPathComponent("index.html").path, 0o644) == 0)
        try Data("stranger".utf8).write(to: spare.appendingPathComponent("stranger.txt"))
        // Its manifest, which the new one is written over, shared with a file outside.
        let sharedManifest = folder.appendingPathComponent("shared-manifest")
        #expect(link(spare.appendingPathComponent(".bbreport-manifest").path, sharedManifest.path) == 0)
        let sharedBytes = try Data(contentsOf: sharedManifest)

        #expect(try Tool.run(["build", "a.json", "-o", "out", "-q"], in: folder).status == 0)
        #expect(try manager.contentsOfDirectory(atPath: victim.path).isEmpty)
        #expect(try Data(contentsOf: sharedManifest) == sharedBytes)
        // (The same export as the spare's, so the same manifest: what tells is that it is another file.)
        var shared = stat(), written = stat()
        #expect(lstat(sharedManifest.path, &shared) == 0 && shared.st_nlink == 1)
        #expect(lstat(folder.appendingPathComponent("out/.bbreport-manifest").path, &written) == 0 && written.st_ino != shared.st_ino)
        #expect(try Tool.run(["build", "a.json", "-o", "clean", "-q", "--clean"], in: folder).status == 0)
        let built = try pages(folder.appendingPathComponent("out"))
        let expected = try pages(folder.appendingPathComponent("clean"))
        #expect(Set(built.keys) == Set(expected.keys))
        #expect(built.keys.filter { $0 != ".bbreport-manifest" && built[$0] != expected[$0] }.isEmpty)
    }

    @Test("a build killed while patching the archive before leaves the archive in use as it was; the next starts fresh",
          arguments: ["spare", "start", "files:1", "files:100", "manifest"])
    func killed(point: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try buildDayBefore(in: folder)
        #expect(try Tool.run(["build", "a.json", "-o", "out", "-q", "--scheme", "dark"], in: folder).status == 0)
        let before = try snapshot(of: folder.appendingPathComponent("out"))

        var environment = ProcessInfo.processInfo.environment
        environment["BBREPORT_TEST_KILL_AT"] = point
        let killed = try Tool.run(["build", "b.json", "-o", "out"], in: folder, environment: environment)
        #expect(killed.status == 9 || killed.status == 137, "exit \(killed.status)")
        let after = try snapshot(of: folder.appendingPathComponent("out"))
        #expect(after.keys.sorted() == before.keys.sorted())
        #expect(after.allSatisfy { before[$0.key]?.0 == $0.value.0 && before[$0.key]?.1 == $0.value.1 })

        #expect(try Tool.run(["build", "b.json", "-o", "out", "-q"], in: folder).status == 0)
        #expect(try Tool.run(["build", "b.json", "-o", "clean", "-q", "--clean"], in: folder).status == 0)
        let built = try pages(folder.appendingPathComponent("out"))
        let expected = try pages(folder.appendingPathComponent("clean"))
        #expect(Set(built.keys) == Set(expected.keys))
        #expect(built.keys.filter { $0 != ".bbreport-manifest" && built[$0] != expected[$0] }.isEmpty)
        #expect(try !FileManager.default.contentsOfDirectory(atPath: folder.path).contains { $0.contains("staging") })
    }
}

/// In `folder`: `a.json` (40 days to November 18) built into `out/`, and `b.json`, the
/// same with one more day.
func buildDayBefore(in folder: URL) throws {
    #expect(try Tool.run(["sample", "--days", "40", "--end", "2026-11-18", "-o", "a.json"], in: folder).status == 0)
    #expect(try Tool.run(["sample", "--days", "41", "--end", "2026-11-19", "-o", "b.json"], in: folder).status == 0)
    #expect(try Tool.run(["build", "a.json", "-o", "out", "-q"], in: folder).status == 0)
}
