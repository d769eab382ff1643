import Foundation
import Testing

/// poppler-utils, for reading the PDFs (`scripts/test` installs them).
enum Poppler {
    static let available = FileManager.default.isExecutableFile(atPath: "/usr/bin/pdfinfo")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftoppm")

    /// The page count and size line of a PDF, from `pdfinfo`.
    static func info(_ pdf: URL) throws -> (pages: Int, size: String) {
        let (status, output, _) = try runProcess(URL(fileURLWithPath: "/usr/bin/pdfinfo"), [pdf.path])
        guard status == 0 else { return (0, "not a PDF") }
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n")
        let pages = lines.first { $0.hasPrefix("Pages:") }.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
        let size = lines.first { $0.hasPrefix("Page size:") }.map(String.init) ?? ""
        return (pages, size)
    }

    /// The text of one page, from `pdftotext`.
    static func text(_ pdf: URL, page: Int) throws -> String {
        let (_, output, _) = try runProcess(URL(fileURLWithPath: "/usr/bin/pdftotext"), ["-f", "\(page)", "-l", "\(page)", pdf.path, "-"])
        return String(decoding: output, as: UTF8.self)
    }

    /// The height in points of each word's box on `page`, from `pdftotext -bbox`: about
    /// 1.16 times the size of its type (9 pt type gives 10.5).
    static func wordHeights(_ pdf: URL, page: Int) throws -> [(word: String, height: Double)] {
        let (_, output, _) = try runProcess(URL(fileURLWithPath: "/usr/bin/pdftotext"), ["-bbox", "-f", "\(page)", "-l", "\(page)", pdf.path, "-"])
        let html = String(decoding: output, as: UTF8.self)
        let pattern = try NSRegularExpression(pattern: #"yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)</word>"#)
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { match in
            let text = { (index: Int) in String(html[Range(match.range(at: index), in: html)!]) }
            return (text(3), Double(text(2))! - Double(text(1))!)
        }
    }

    /// Every page rendered at 40 dots an inch, as PPM files' bytes in page order.
    static func pixels(_ pdf: URL) throws -> [Data] {
        let folder = HarnessFolder.fresh()
        _ = try runProcess(URL(fileURLWithPath: "/usr/bin/pdftoppm"), ["-r", "40", pdf.path, folder.appendingPathComponent("page").path])
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { try Data(contentsOf: folder.appendingPathComponent($0)) }
    }

    /// The mean brightness (0 black … 255 white) of the first page, rendered in gray.
    static func brightness(_ pdf: URL) throws -> Double {
        // Rendered outside the PDF's folder, which may be an archive other tests read.
        let prefix = HarnessFolder.fresh().appendingPathComponent("gray")
        _ = try runProcess(URL(fileURLWithPath: "/usr/bin/pdftoppm"), ["-gray", "-r", "30", "-singlefile", pdf.path, prefix.path])
        let data = try Data(contentsOf: prefix.appendingPathExtension("pgm"))
        // A binary PGM: "P5", width, height, maximum, then one byte per pixel.
        var fields: [String] = []
        var index = data.startIndex
        while fields.count < 4 {
            while data[index] == 0x20 || data[index] == 0x0A { index += 1 }
            let start = index
            while data[index] != 0x20 && data[index] != 0x0A { index += 1 }
            fields.append(String(decoding: data[start..<index], as: UTF8.self))
        }
        let pixels = data[(index + 1)...]
        return Double(pixels.reduce(0) { $0 + Int($1) }) / Double(pixels.count)
    }
}

@Suite(.enabled(if: Browser.available && Poppler.available, "needs Chromium and poppler-utils; scripts/test installs them"))
struct PrintTests {
    @Test("14 days fit on one sheet (two pages) of A4 and of Letter, 31 days on at most two sheets; type 9 pt, chart labels 8 pt", arguments: ["a4", "letter"])
    func sheets(paper: String) async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let printed = try await SampleBuilds.archive(["--pdf", "--paper", paper])
        let size = paper == "a4" ? "(A4)" : "(letter)"
        for child in ["ava", "leo"] {
            let info = try Poppler.info(printed.appendingPathComponent("\(child)/visit.pdf"))
            #expect((1...2).contains(info.pages), "\(child), 14 days on \(paper): \(info.pages) pages")
            #expect(info.size.hasSuffix(size), "\(info.size)")
            // Nothing under 8 pt (a box of 9.3 pt), and the text itself at 9 pt or more.
            for page in 1...info.pages {
                let heights = try Poppler.wordHeights(printed.appendingPathComponent("\(child)/visit.pdf"), page: page)
                let small = heights.filter { $0.height < 9.25 }
                #expect(small.isEmpty, "\(child) page \(page), under 8 pt: \(small.prefix(10))")
                let sorted = heights.map(\.height).sorted()
                #expect(sorted[sorted.count / 2] >= 10.4, "\(child) page \(page): median \(sorted[sorted.count / 2])")
            }
        }
        let month = try await Tool.run(["build", "-q", "--pdf", "--paper", paper, "--visit-from", "2026-10-22", "--visit-to", "2026-11-21"], in: folder)
        #expect(month.status == 0)
        for child in ["ava", "leo"] {
            let pdf = folder.appendingPathComponent("output/\(child)/visit.pdf")
            let info = try Poppler.info(pdf)
            #expect((1...4).contains(info.pages), "\(child), 31 days on \(paper): \(info.pages) pages")
            // Every sheet says whose it is and which days: the second as much as the first.
            let name = child == "ava" ? "Ava" : "Leo"
            for page in 1...info.pages {
                let text = try Poppler.text(pdf, page: page)
                #expect(text.contains("Visit summary · \(name) · born "), "\(child), page \(page)")
                #expect(text.contains("Thu, Oct 22, 2026 – Sat, Nov 21, 2026 (31 days)"), "\(child), page \(page)")
                #expect(text.contains("Page \(page) of \(info.pages)"), "\(child), page \(page)")
            }
        }
        // The newborn weeks, with their longest notes (check-ups), also fit one sheet.
        let newborn = try await Tool.run(["build", "-q", "--pdf", "--paper", paper, "--visit-from", "2026-01-25", "--visit-to", "2026-02-07"], in: folder)
        #expect(newborn.status == 0)
        #expect((1...2).contains(try Poppler.info(folder.appendingPathComponent("output/ava/visit.pdf")).pages))
    }

    @Test("in Arabic and Japanese the visit summary prints as in English: 14 days on one sheet, type 9 pt, each sheet's margins in the language; a busy day on one page",
          arguments: [PageLanguage.arabic, .japanese])
    func sheetsInLanguages(language: PageLanguage) async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The build the overlap check prints too, printed here by the run's browser as --pdf prints.
        let printed = try await SampleBuilds.archive(["--paper", "a4"] + language.arguments)
        for child in ["ava", "leo"] {
            let pdf = try await Self.printToPDF(printed.appendingPathComponent("\(child)/visit.html"), in: folder)
            let info = try Poppler.info(pdf)
            #expect((1...2).contains(info.pages), "\(child) in \(language): \(info.pages) pages")
            for page in 1...info.pages {
                // A Japanese font's box is its type size (DejaVu's, 1.164 times it): nothing under 8 pt in either.
                let small = try Poppler.wordHeights(pdf, page: page).filter { $0.height < ($0.word.unicodeScalars.contains(where: Self.isCJK) ? 7.95 : 9.25) }
                #expect(small.isEmpty, "\(child) in \(language), page \(page), under 8 pt: \(small.prefix(10))")
                // The text as read, without the marks that keep right-to-left runs in order, nor
                // the spaces pdftotext moves around them.
                let text = String(try Poppler.text(pdf, page: page).unicodeScalars
                    .filter { !(0x200E...0x200F).contains($0.value) && !(0x202A...0x202E).contains($0.value) && !$0.properties.isWhitespace }
                    .map(Character.init))
                let counter = language == .arabic ? "الصفحة\(page)من\(info.pages)" : "\(page)/\(info.pages)ページ"
                #expect(text.contains(counter), "\(child) in \(language), page \(page): no \(counter)")
                #expect(text.contains(language == .arabic ? "ملخصالزيارة" : "受診用まとめ"), "\(child) in \(language), page \(page)")
            }
        }
        let day = try await Self.printToPDF(printed.appendingPathComponent("ava/2026/11/20.html"), in: folder)
        #expect(try Poppler.info(day).pages == 1, "a busy day in \(language)")
    }

    /// Whether `scalar` is a CJK character or a full-width form, drawn in a Japanese font.
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        (0x3000...0x9FFF).contains(scalar.value) || (0xFF00...0xFFEF).contains(scalar.value)
    }

    /// `page` printed to a PDF in `folder`, as `bbreport --pdf` prints (``ReadingTabs/print(_:to:)``;
    /// `printedAlike` holds the two to each other).
    static func printToPDF(_ page: URL, in folder: URL) async throws -> URL {
        let pdf = folder.appendingPathComponent(page.deletingPathExtension().path.split(separator: "/").suffix(4).joined(separator: "-") + ".pdf")
        try await ReadingTabs.shared.print(page, to: pdf)
        return pdf
    }

    @Test("bbreport --pdf prints what Chromium's own --print-to-pdf prints, pixel for pixel, and the run's browser word for word",
          arguments: ["a4", "letter"])
    func printedAlike(paper: String) async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let printed = try await SampleBuilds.archive(["--pdf", "--paper", paper])
        let page = printed.appendingPathComponent("ava/visit.html")
        let product = printed.appendingPathComponent("ava/visit.pdf")
        let own = folder.appendingPathComponent("own.pdf")
        let chromium = try await runProcess(URL(fileURLWithPath: try #require(Browser.executable)),
                                            ["--headless", "--disable-gpu", "--no-sandbox", "--user-data-dir=\(folder.path)/profile",
                                             "--no-pdf-header-footer", "--print-to-pdf=\(own.path)", page.absoluteString])
        #expect(chromium.0 == 0)
        #expect(try Poppler.pixels(own) == Poppler.pixels(product), "\(paper): --pdf and --print-to-pdf differ")
        let again = folder.appendingPathComponent("visit.pdf")
        try await ReadingTabs.shared.print(page, to: again)
        let (pages, size) = try Poppler.info(product)
        let (pagesAgain, sizeAgain) = try Poppler.info(again)
        #expect(pagesAgain == pages)
        #expect(sizeAgain == size)
        for page in 1...max(pages, 1) {
            let boxes = { (pdf: URL) in try Poppler.words(pdf, page: page).map { "\($0.text) \(Int($0.left)) \(Int($0.top))" } }
            #expect(try boxes(again) == boxes(product), "page \(page) on \(paper)")
        }
    }

    @Test("a day page prints on one sheet where it fits; a longer one runs on without leaving half a sheet blank")
    func dayPages() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sample = try await SampleBuilds.archive()
        func printed(_ page: String) async throws -> URL { try await Self.printToPDF(sample.appendingPathComponent(page), in: folder) }
        // A day of twenty entries and no note: cards, timeline, entries and summary on one page.
        #expect(try Poppler.info(await printed("ava/2026/11/20.html")).pages == 1)
        // A day with a note: the summary still starts on the first page, the note follows.
        let noted = try await printed("ava/2026/11/21.html")
        #expect((1...2).contains(try Poppler.info(noted).pages))
        #expect(try Poppler.text(noted, page: 1).contains("Summary"))
    }

    @Test("a newborn's fever, the dose after it and the other alerts print on page 1, then the days of life against the usual")
    func feverOnPageOne() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(VisitHealthTests.newborn.utf8).write(to: folder.appendingPathComponent("export.json"))
        #expect(try await Tool.run(["build", "export.json", "-o", "out", "-q", "--pdf", "--paper", "a4"], in: folder).status == 0)
        let pdf = folder.appendingPathComponent("out/ava/visit.pdf")
        let pages = try Poppler.info(pdf).pages
        #expect((1...2).contains(pages))
        let first = try Poppler.text(pdf, page: 1).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        // Then, for a newborn, each day of life against the usual: day 5's 4 wet diapers marked.
        for expected in ["To discuss with the doctor", "Fever 38.4 °C at 2:40 AM on Sat, Nov 21", "(38.0 °C or more under 3 months)",
                         "Given after: Paracetamol · 2.5 ml at 3:05 AM", "10.9 % below birth weight", "Fewer than 6 wet diapers logged on Nov 12 (4)",
                         "The first weeks, day by day", "4 ▼ below 6+"] {
            #expect(first.contains(expected), "page 1: \(expected)")
        }
        let alerts = try #require(first.range(of: "To discuss with the doctor"))
        #expect(alerts.lowerBound < first.range(of: "The first weeks, day by day")!.lowerBound)
        let all = try (1...pages).map { try Poppler.text(pdf, page: $0) }.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for expected in ["Per day", "Temperatures", "Medicines"] {
            #expect(all.contains(expected), "\(expected)")
        }
        // Printed from the page itself, as a parent would: the same first page.
        let printed = try await Self.printToPDF(folder.appendingPathComponent("out/ava/visit.html"), in: folder)
        #expect((1...2).contains(try Poppler.info(printed).pages))
        let printedFirst = try Poppler.text(printed, page: 1).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(printedFirst.contains("Fever 38.4 °C at 2:40 AM on Sat, Nov 21"))
        #expect(printedFirst.contains("Given after: Paracetamol · 2.5 ml at 3:05 AM"))
    }

    @Test("a page shown in dark mode prints light: print emulation gives dark text on no background")
    func darkPrintsLight() async throws {
        // The build darkPDFIsLight reads the PDF of.
        let output = try await SampleBuilds.archive(["--scheme", "dark", "--pdf"])
        let browser = try await BrowserContext.open()
        let probe = """
        [getComputedStyle(document.documentElement).backgroundColor, getComputedStyle(document.body).color,
         getComputedStyle(document.querySelector('.panel')).backgroundColor].join('|')
        """
        for page in ["ava/visit.html", "ava/2026/11/21.html"] {
            let url = output.appendingPathComponent(page)
            let screen = try await browser.load(url, javascript: true, dark: true, probe: probe).probed ?? ""
            let paper = try await browser.load(url, javascript: true, media: "print", dark: true, probe: probe).probed ?? ""
            let onScreen = screen.split(separator: "|").map(String.init)
            let onPaper = paper.split(separator: "|").map(String.init)
            #expect(luminance(onScreen[0]) < 0.05, "\(page) is dark on screen: \(screen)")
            #expect(luminance(onScreen[1]) > 0.6, "\(page) has light text on screen: \(screen)")
            #expect(onPaper[0] == "rgba(0, 0, 0, 0)" && onPaper[2] == "rgba(0, 0, 0, 0)", "\(page) prints no background: \(paper)")
            #expect(luminance(onPaper[1]) < 0.05, "\(page) prints dark text: \(paper)")
        }
    }

    @Test("the PDF of a page forced to dark mode is mostly white paper")
    func darkPDFIsLight() async throws {
        let output = try await SampleBuilds.archive(["--scheme", "dark", "--pdf"])
        let brightness = try Poppler.brightness(output.appendingPathComponent("ava/visit.pdf"))
        #expect(brightness > 225, "mean brightness \(brightness)")
    }

    @Test("--pdf without Chromium says so in one line and still builds")
    func withoutChromium() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Tool.run(["build", Tool.fixture("family.json"), "-o", "output", "--pdf"], in: folder,
                                  environment: ["PATH": folder.path, "HOME": folder.path])
        #expect(result.status == 0)
        #expect(result.stderr == "warning: --pdf: no PDF was written because Chromium is not installed (apt-get install chromium, or set BBREPORT_CHROMIUM to its path)\n")
        #expect(result.stdout.hasPrefix("Built 21 pages (34 files changed) for 2 children"))
        let visit = try String(contentsOf: folder.appendingPathComponent("output/zoe-ava/visit.html"), encoding: .utf8)
        #expect(!visit.contains("visit.pdf"), "a PDF that was not printed is not linked")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("output/zoe-ava/visit.pdf").path))
    }

    @Test("--pdf with a Chromium that ends at once or never answers: the build ends, says so once, links no PDF, and leaves no Chromium behind",
          arguments: ["exit 3", "exec sleep 600"])
    func brokenChromium(script: String) async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let chromium = folder.appendingPathComponent("chromium")
        try Data("#!/bin/sh\necho $$ > \(folder.path)/pid\ndate +%s > \(folder.path)/started\n\(script)\n".utf8).write(to: chromium)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: chromium.path)
        let result = try await Tool.run(["build", Tool.fixture("family.json"), "-o", "output", "--pdf"], in: folder,
                                        environment: ProcessInfo.processInfo.environment.merging(["BBREPORT_CHROMIUM": chromium.path]) { $1 })
        #expect(result.status == 0)
        // From Chromium's start (the run may wait its turn before): 30 s, and the rest of a small build.
        let started = try #require(Double(String(contentsOf: folder.appendingPathComponent("started"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(Date().timeIntervalSince1970 - started < 90, "the wait for Chromium is bounded")
        let warning = result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: --pdf:") }
        #expect(warning.count == 1, "\(result.stderr)")
        #expect(warning.first?.hasPrefix("warning: --pdf: no PDF was written because \(chromium.path) could not be used to print (Chromium") == true, "\(warning)")
        let output = folder.appendingPathComponent("output")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: output.path).filter { $0.hasSuffix(".pdf") }.isEmpty)
        for page in ["index.html", "zoe-ava/index.html", "zoe-ava/visit.html", "zoe-ava/diary.html"] {
            #expect(!(try String(contentsOf: output.appendingPathComponent(page), encoding: .utf8)).contains(".pdf"), "\(page) links a PDF that is not there")
        }
        let pid = try #require(Int32(String(contentsOf: folder.appendingPathComponent("pid"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(pid, 0) != 0, "Chromium \(pid) is still running")
    }

    /// The WCAG relative luminance of a CSS `rgb(r, g, b)` value.
    func luminance(_ css: String) -> Double {
        let parts = css.drop { !$0.isNumber }.split { !$0.isNumber && $0 != "." }.compactMap { Double($0) }
        guard parts.count >= 3 else { return -1 }
        func linear(_ value: Double) -> Double {
            let c = value / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(parts[0]) + 0.7152 * linear(parts[1]) + 0.0722 * linear(parts[2])
    }

    @Test("visit.pdf is linked beside its summary when it is printed, and not otherwise; the link is not printed")
    func pdfLinked() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Tool.run(["build", "-q", "--pdf"], in: folder).status == 0)
        let visit = try String(contentsOf: folder.appendingPathComponent("output/ava/visit.html"), encoding: .utf8)
        #expect(visit.contains(#"<p class="pdf-link"><a href="visit.pdf">visit.pdf</a>"#))
        let home = try String(contentsOf: folder.appendingPathComponent("output/index.html"), encoding: .utf8)
        #expect(home.contains(#"Visit summary</a> (<a href="ava/visit.pdf">PDF</a>)"#))
        let text = try Poppler.text(folder.appendingPathComponent("output/ava/visit.pdf"), page: 1)
        #expect(!text.contains("ready to print or send"))
        #expect(try Tool.run(["build", "-q"], in: folder).status == 0)
        let without = try String(contentsOf: folder.appendingPathComponent("output/ava/visit.html"), encoding: .utf8)
        #expect(!without.contains("visit.pdf"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("output/ava/visit.pdf").path))
    }
}
