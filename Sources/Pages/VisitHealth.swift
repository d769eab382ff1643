import Dataset
import Days
import Export
import Timekeeping

/// The health of a visit summary: what to discuss first (``VisitAlerts``), then the
/// temperatures, every medicine dose, foods first tried, vaccinations given so far and
/// the range's milestones, for the page and its Markdown twin alike.
struct VisitHealth {
    let alerts: VisitAlerts
    let fevers: FeverList
    let medicines: MedicineTable
    let solids: SolidsSummary
    /// The common allergens the meals up to the summary's last day named; nil without a meal.
    let allergens: AllergenRecord?
    /// Every vaccination up to the summary's last day.
    let vaccinations: [Vaccination]
    let milestones: [Milestone]
    /// Crying over the summary, with the rule of threes beside it; nil when none was logged.
    let crying: CryingRecord?
    /// The tables, made once for the page and its Markdown twin.
    let medicineTable: String
    let vaccinationTable: String
    let zone: Zone
    let units: Units
    let born: LocalDate?
    /// The year of the summary's last day: dates in it are written without it.
    let lastYear: Int

    /// What the alerts are, and for stool colours why they matter.
    var alertNote: String {
        Format.text("alerts_note") + (alerts.items.contains { $0.kind == "stool" } ? " " + StoolAlerts.note : "")
    }

    /// The health of `summary`, with vaccinations and measurements up to `knownAsOf`.
    init(site: Site, child: Site.Child, summary: VisitSummary, knownAsOf: LocalDate, growth: GrowthText) {
        zone = site.settings.zone
        units = site.settings.units
        born = child.days.child.dateOfBirth
        let days = summary.days
        fevers = FeverList(days: days, born: born, zone: zone, units: units)
        medicines = MedicineTable(days: days, zone: zone)
        solids = SolidsSummary(range: days, firstTries: site.foodsFirstTried(child), zone: zone)
        allergens = AllergenRecord(days: child.days.days.prefix { $0.date <= knownAsOf }, zone: zone)
        lastYear = knownAsOf.year
        vaccinations = child.days.days.prefix { $0.date <= knownAsOf }.flatMap(\.health.vaccinations)
        milestones = days.flatMap(\.health.milestones)
        crying = CryingRecord(days: days, allDays: child.days.days)
        medicineTable = medicines.markdown(zone: zone)
        vaccinationTable = Self.vaccinationTable(vaccinations, born: born, zone: zone)
        let ageDays = days.last?.ageDays
        var weight = VisitAlerts.birthWeight(growth.birthWeightCourse, ageDays: ageDays, units: units)
        weight += growth.staleWeight(asOf: knownAsOf).map { [$0] } ?? []
        weight += growth.falteringSigns
        weight += growth.crossings(asOf: knownAsOf)
        alerts = VisitAlerts(
            fevers: fevers.lines(born: born, zone: zone, units: units),
            stools: StoolAlerts(days: days, zone: zone), weight: weight,
            diapers: VisitAlerts.fewWetDiapers(days, exportedAt: site.exportedAt, loggingStarted: child.days.loggingStarted),
            tooSoon: medicines.tooSoon, reactions: solids.reactions.map { [zone] in SolidsSummary.line($0, zone: zone) })
    }

    /// The label of an alert of `kind` (`fever`, `stool`, …).
    static func alertLabel(_ kind: String) -> String {
        Format.text("alert_" + kind)
    }

    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["hasAlerts"] = !alerts.items.isEmpty
        context["alertNote"] = alertNote
        context["alerts"] = alerts.items.map { ["kind": $0.kind, "label": Self.alertLabel($0.kind), "text": $0.text] as [String: Any] }
        context["temperatures"] = fevers.table.map { MarkdownText(generated: $0) }
        context["medicines"] = medicines.medicines.isEmpty ? nil : MarkdownText(generated: medicineTable)
        context["firstTried"] = solids.firstTried.isEmpty ? nil : solids.firstTriedText
        context["allergens"] = allergens?.table(year: lastYear).map { MarkdownText(generated: $0) }
        context["allergensNotLogged"] = allergens?.notLogged
        context["hasAllergens"] = allergens != nil
        context["vaccinations"] = vaccinations.isEmpty ? nil : MarkdownText(generated: vaccinationTable)
        context["milestones"] = milestones.isEmpty ? nil : milestones.map { ["when": Format.shortDate(zone.localDateTime(at: $0.occurredAt).date), "text": $0.text] as [String: Any] }
        context["hasMilestones"] = !milestones.isEmpty
        context["hasCrying"] = crying != nil
        context["cryingLines"] = crying?.lines.map { ["text": $0] as [String: Any] }
        context["hasHealth"] = fevers.table != nil || !medicines.medicines.isEmpty || !solids.firstTried.isEmpty
            || !vaccinations.isEmpty || !milestones.isEmpty || crying != nil
        return context
    }

    /// `| Date | Age | Vaccines |`, a row a day, oldest first: a schedule's three or four
    /// vaccines of one visit on one line (`DTaP · dose 1; Rotavirus · dose 1`), so that the
    /// record of a year's visits stays a few lines on paper.
    static func vaccinationTable(_ vaccinations: [Vaccination], born: LocalDate?, zone: Zone) -> String {
        var text = "| \(Format.text("date")) | \(Format.text("age")) | \(Format.text("vaccines")) |\n|---|---|---|\n"
        var days: [(date: LocalDate, vaccines: [String])] = []
        for vaccination in vaccinations {
            let date = zone.localDateTime(at: vaccination.occurredAt).date
            if days.last?.date != date { days.append((date, [])) }
            days[days.count - 1].vaccines.append(HealthText.vaccination(vaccination))
        }
        for (date, vaccines) in days {
            let age = born.flatMap { born in date.days(since: born) < 56 ? Format.age(days: date.days(since: born)) : Format.months(from: born, to: date) }
            // Date and age may wrap on a phone, so that the vaccines' names keep their words whole.
            text += "| \(Format.dateWithYear(date)) | \(age ?? "–") | \(vaccines.joined(separator: "; ")) |\n"
        }
        return text
    }

    /// The alerts as the Markdown twin's first section.
    var alertsMarkdown: String {
        guard !alerts.items.isEmpty else { return "" }
        return "## \(Format.text("to_discuss"))\n\n\(alertNote)\n\n"
            + alerts.items.map { "- **\(Self.alertLabel($0.kind)):** \(Markdown.escaped($0.text))\n" }.joined() + "\n"
    }

    /// Temperatures, medicines, solids, vaccinations and milestones, as Markdown sections.
    var sectionsMarkdown: String {
        var text = ""
        if let table = fevers.table { text += "## \(Format.text("temperatures"))\n\n\(table)\n" }
        if !medicines.medicines.isEmpty { text += "## \(Format.text("medicines"))\n\n\(medicineTable)\n" }
        if !solids.firstTried.isEmpty { text += "## \(Format.text("foods_first_tried"))\n\n\(Markdown.escaped(solids.firstTriedText))\n\n" }
        if let allergens {
            text += "## \(Format.text("common_allergens"))\n\n" + (allergens.table(year: lastYear).map { "\($0)\n" } ?? "")
                + (allergens.notLogged.map { "\(Markdown.escaped($0))\n\n" } ?? "")
        }
        if let crying { text += "## \(Format.text("crying"))\n\n" + crying.lines.map { Markdown.escaped($0) + "\n\n" }.joined() }
        if !vaccinations.isEmpty { text += "## \(Format.text("vaccinations_so_far"))\n\n\(vaccinationTable)\n" }
        if !milestones.isEmpty {
            text += "## \(Format.text("milestones"))\n\n" + milestones.map {
                "- \(Format.shortDate(zone.localDateTime(at: $0.occurredAt).date)) · \(Markdown.escaped($0.text))\n"
            }.joined() + "\n"
        }
        return text
    }
}
