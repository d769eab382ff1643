#!/usr/bin/env python3
"""Writes an export of each app bbreport imports, of valid rows only, about SIZE
megabytes each, into FOLDER: one file per app (Baby Daybook's a SQLite backup), named
after the app, every row Ava's, its rows a feed, a diaper and a sleep in turn every few minutes from
2015 on, as a family logging for years would make them.

usage: import-files.py FOLDER SIZE_MB
"""
import datetime
import os
import sqlite3
import sys

REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
START = datetime.datetime(2015, 1, 1, 6, 0)
STEP = datetime.timedelta(minutes=7)


def times():
    moment = START
    while True:
        yield moment
        moment += STEP


def huckleberry(index, at):
    start = at.strftime("%Y-%m-%d %H:%M")
    end = (at + datetime.timedelta(minutes=5)).strftime("%Y-%m-%d %H:%M")
    return [
        f'"Feed","{start}","","00:05","Formula","Bottle","4oz","","Mom"',
        f'"Diaper","{start}","","yellow","","","Both","","Dad"',
        f'"Sleep","{start}","{end}","00:05","","","","","Mom"',
    ][index % 3]


def babytracker(index, at):
    return f'Ava,"{at.month}/{at.day}/{at.year % 100:02d}, {at:%H:%M}",Left,3,2,5,'


def glow(index, at):
    return f"{at.month:02d}/{at.day:02d}/{at.year} {at:%I:%M:%S %p},Formula,90,3.04"


def babyconnect(index, at):
    stamp = f"{at.month}/{at.day}/{at.year % 100:02d} {at:%I:%M %p}".replace(" 0", " ")
    return [f'{stamp},,,Bottle,4,Formula,"Bottle 4 oz formula",,MK', f'{stamp},,,Diaper,,"BM, Wet","Diaper: BM, wet",,JK'][index % 2]


def hatch(index, at):
    return f"Ava,{at:%m/%d/%Y %I:%M %p},,Feeding,4 oz,,,Formula,,"


def feedbaby(index, at):
    start = at.strftime("%H:%M:%S %m-%d-%Y")
    end = (at + datetime.timedelta(minutes=5)).strftime("%H:%M:%S %m-%d-%Y")
    return f"{index + 1},{start},{end},Bottle,4.0,118.29,,5,Breast Milk,IMPERIAL,Pump"


CSV = {
    "huckleberry.csv": ('"Type","Start","End","Duration","Start Condition","Start Location","End Condition","Notes","Logged By"', huckleberry),
    "babytracker_nursing.csv": ("Baby,Time,Start Side,Left duration (min),Right duration (min),Total Duration (min),Note", babytracker),
    "glow_feed_bottle.csv": ("Time of feeding,Milk type,Amount(ml),Amount(oz)", glow),
    "babyconnect.csv": ("Date and Time,End Time,Duration (min),Activity,Quantity,Extra data,Text,Notes,Caregiver", babyconnect),
    "hatch.csv": ("Baby Name,Start Time,End Time,Activity,Amount,Percentile,Duration,Info,Notes,", hatch),
    "feeds.csv": ("id, Start Time, End Time, Feed Type, Quantity (oz), Quantity (ml or g), Notes, Duration (Minutes), Food Type, Unit, Bottle Type", feedbaby),
}


def write_csv(path, header, row, size):
    with open(path, "w", encoding="utf-8", newline="") as file:
        written = file.write(header + "\n")
        for index, at in enumerate(times()):
            if written >= size:
                break
            written += file.write(row(index, at) + "\n")


def write_piyolog(path, size):
    kinds = ["Breastfeeding L 10m ▶ R 15m", "Pee", "Formula 120ml", "Poop", "Sleep", "Wake-up (2h0m)"]
    with open(path, "w", encoding="utf-8") as file:
        written = file.write("[PiyoLog]All\n\n")
        day = None
        for index, at in enumerate(times()):
            if written >= size:
                break
            if at.date() != day:
                day = at.date()
                written += file.write(f"----------\n{at:%a}, {at.day} {at:%b %Y}\nAva (0y1m0d)\n\n")
            written += file.write(f"{at:%H:%M}   {kinds[index % len(kinds)]}\n")


def write_babydaybook(path, size):
    schema = open(os.path.join(REPOSITORY, "Tests/EndToEndTests/Fixtures/babydaybook/BabyDaybook_20250203_auto.sql"), encoding="utf-8").read()
    if os.path.exists(path):
        os.remove(path)
    database = sqlite3.connect(path)
    database.executescript(schema)
    baby = database.execute("SELECT uid FROM babies LIMIT 1").fetchone()[0]
    database.execute("DELETE FROM babies WHERE uid != ?", (baby,))
    database.execute("UPDATE babies SET name = 'Ava'")
    rows = []
    for index, at in enumerate(times()):
        millis = int(at.replace(tzinfo=datetime.timezone.utc).timestamp() * 1000)
        rows.append((f"bench-{index}", baby, "bottle", millis, millis + 300_000, 120.0))
        if len(rows) == 1_000:
            database.executemany("INSERT INTO daily_actions (uid, baby_uid, type, start_millis, end_millis, volume) VALUES (?, ?, ?, ?, ?, ?)", rows)
            database.commit()
            rows = []
            if os.path.getsize(path) >= size:
                break
    database.close()


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    folder, size = sys.argv[1], int(float(sys.argv[2]) * (1 << 20))
    os.makedirs(folder, exist_ok=True)
    for name, (header, row) in CSV.items():
        write_csv(os.path.join(folder, name), header, row, size)
    write_piyolog(os.path.join(folder, "piyolog.txt"), size)
    write_babydaybook(os.path.join(folder, "babydaybook.db"), size)


if __name__ == "__main__":
    main()
