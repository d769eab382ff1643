-- Baby Daybook's backup as its Android app writes it (the facts in docs/importers.md):
-- every column NOT NULL with a default, times in UTC milliseconds, `svt` the sync time.
-- A family in Europe/Berlin; Lena, born 2025-01-10, and her twin Max.
CREATE TABLE babies (uid TEXT NOT NULL DEFAULT '', svt INTEGER NOT NULL DEFAULT 0, updated_millis INTEGER NOT NULL DEFAULT 0,
  user_uid TEXT NOT NULL DEFAULT '', name TEXT NOT NULL DEFAULT '', gender TEXT NOT NULL DEFAULT '', birthday INTEGER NOT NULL DEFAULT 0,
  is_premature INTEGER NOT NULL DEFAULT 0, expected_birthday INTEGER NOT NULL DEFAULT 0, convert_units INTEGER NOT NULL DEFAULT 1);
CREATE TABLE da_types (uid TEXT NOT NULL DEFAULT '', svt INTEGER NOT NULL DEFAULT 0, updated_millis INTEGER NOT NULL DEFAULT 0,
  user_uid TEXT NOT NULL DEFAULT '', title TEXT NOT NULL DEFAULT '', icon TEXT NOT NULL DEFAULT '');
CREATE TABLE groups (uid TEXT NOT NULL DEFAULT '', svt INTEGER NOT NULL DEFAULT 0, updated_millis INTEGER NOT NULL DEFAULT 0,
  user_uid TEXT NOT NULL DEFAULT '', daily_action_type TEXT NOT NULL DEFAULT '', title TEXT NOT NULL DEFAULT '');
CREATE TABLE daily_actions (uid TEXT NOT NULL DEFAULT '', svt INTEGER NOT NULL DEFAULT 0, updated_millis INTEGER NOT NULL DEFAULT 0,
  user_uid TEXT NOT NULL DEFAULT '', baby_uid TEXT NOT NULL DEFAULT '', type TEXT NOT NULL DEFAULT '', group_uid TEXT NOT NULL DEFAULT '',
  start_millis INTEGER NOT NULL DEFAULT 0, end_millis INTEGER NOT NULL DEFAULT 0, duration INTEGER NOT NULL DEFAULT 0,
  pause_millis INTEGER NOT NULL DEFAULT 0, in_progress INTEGER NOT NULL DEFAULT 0, left_duration INTEGER NOT NULL DEFAULT 0,
  right_duration INTEGER NOT NULL DEFAULT 0, side TEXT NOT NULL DEFAULT '', pee INTEGER NOT NULL DEFAULT 0, poo INTEGER NOT NULL DEFAULT 0,
  temperature REAL NOT NULL DEFAULT 0, volume REAL NOT NULL DEFAULT 0, amount REAL NOT NULL DEFAULT 0, amount_unit TEXT NOT NULL DEFAULT '',
  reaction TEXT NOT NULL DEFAULT '', notes TEXT NOT NULL DEFAULT '');
CREATE TABLE growth (uid TEXT NOT NULL DEFAULT '', svt INTEGER NOT NULL DEFAULT 0, updated_millis INTEGER NOT NULL DEFAULT 0,
  user_uid TEXT NOT NULL DEFAULT '', baby_uid TEXT NOT NULL DEFAULT '', date_millis INTEGER NOT NULL DEFAULT 0, weight REAL NOT NULL DEFAULT 0,
  height REAL NOT NULL DEFAULT 0, head_size REAL NOT NULL DEFAULT 0, notes TEXT NOT NULL DEFAULT '');
CREATE TABLE daily_notes (uid TEXT NOT NULL DEFAULT '', svt INTEGER NOT NULL DEFAULT 0, updated_millis INTEGER NOT NULL DEFAULT 0,
  user_uid TEXT NOT NULL DEFAULT '', baby_uid TEXT NOT NULL DEFAULT '', date_millis INTEGER NOT NULL DEFAULT 0, notes TEXT NOT NULL DEFAULT '');
CREATE TABLE moments (uid TEXT NOT NULL DEFAULT '', svt INTEGER NOT NULL DEFAULT 0, updated_millis INTEGER NOT NULL DEFAULT 0,
  user_uid TEXT NOT NULL DEFAULT '', baby_uid TEXT NOT NULL DEFAULT '', date_millis INTEGER NOT NULL DEFAULT 0, description TEXT NOT NULL DEFAULT '');
CREATE TABLE reminders (uid TEXT NOT NULL DEFAULT '', svt INTEGER NOT NULL DEFAULT 0, title TEXT NOT NULL DEFAULT '');
CREATE TABLE android_metadata (locale TEXT);
INSERT INTO babies (uid, svt, name, gender, birthday, convert_units) VALUES
  ('0a1f3c5e7b9d41f2a6c8e0b2d4f6a8c0', 1738652400000, 'Lena', 'girl', 1736463600000, 1),
  ('1b2e4d6f8a0c42e3b7d9f1c3e5a7b9d1', 1738652400000, 'Max', 'boy', 1736463600000, 1);
INSERT INTO da_types (uid, title) VALUES ('breastfeeding', ''), ('bottle', ''), ('c9f0e1d2c3b4a5968778695a4b3c2d1e', 'Massage');
INSERT INTO groups (uid, daily_action_type, title) VALUES
  ('g-formula', 'bottle', 'Formula'), ('g-milk', 'bottle', 'Mother''s milk'), ('g-sweet-potato', 'food', 'Sweet potato'),
  ('g-paracetamol', 'medicine', 'Paracetamol'), ('g-dtap', 'vaccination', 'DTaP-IPV-Hib-HepB'), ('g-cough', 'symptom', 'Cough'),
  ('g-water', 'drink', 'Water');
INSERT INTO reminders (uid, title) VALUES ('r1', 'Vitamin D');
INSERT INTO android_metadata VALUES ('de_DE');
INSERT INTO daily_actions (uid, svt, user_uid, baby_uid, type, start_millis, end_millis, duration, left_duration, side) VALUES ('d0000000000000000000000000000001', 1738652400000, 'u-mama', '0a1f3c5e7b9d41f2a6c8e0b2d4f6a8c0', 'breastfeeding', 1738375200000, 1738376400000, 1080000, 1080000, 'left');
INSERT INTO daily_actions (uid, svt, user_uid, baby_uid, type, start_millis, pee) VALUES ('d0000000000000000000000000000002', 1738652400000, 'u-mama', '0a1f3c5e7b9d41f2a6c8e0b2d4f6a8c0', 'diaper_change', 1738377000000, 1);
INSERT INTO daily_actions (uid, svt, user_uid, baby_uid, type, start_millis, end_millis, duration) VALUES ('d0000000000000000000000000000003', 1738652400000, 'u-mama', '0a1f3c5e7b9d41f2a6c8e0b2d4f6a8c0', 'sleeping', 1738411200000, 1738414800000, 3600000);
INSERT INTO daily_actions (uid, svt, user_uid, baby_uid, type, start_millis, group_uid, volume, duration, end_millis) VALUES ('d0000000000000000000000000000004', 1738652400000, 'u-mama', '0a1f3c5e7b9d41f2a6c8e0b2d4f6a8c0', 'bottle', 1738483200000, 'g-milk', 80.0, 600000, 1738483800000);
INSERT INTO daily_actions (uid, svt, user_uid, baby_uid, type, start_millis, pee, poo) VALUES ('d0000000000000000000000000000005', 1738652400000, 'u-mama', '0a1f3c5e7b9d41f2a6c8e0b2d4f6a8c0', 'diaper_change', 1738486800000, 1, 1);
INSERT INTO daily_actions (uid, svt, user_uid, baby_uid, type, start_millis, end_millis, duration, pause_millis, left_duration, right_duration, side) VALUES ('d000000000000000000000000000000a', 1738652400000, 'u-mama', '0a1f3c5e7b9d41f2a6c8e0b2d4f6a8c0', 'breastfeeding', 1738545000000, 1738547100000, 1260000, 840000, 720000, 540000, 'right');
INSERT INTO daily_actions (uid, svt, user_uid, baby_uid, type, start_millis, group_uid, volume, notes) VALUES ('d000000000000000000000000000000b', 1738652400000, 'u-mama', '0a1f3c5e7b9d41f2a6c8e0b2d4f6a8c0', 'bottle', 1738558800000, 'g-formula', 90.0, 'First formula');
INSERT INTO daily_actions (uid, svt, user_uid, baby_uid, type, start_millis, pee) VALUES ('d000000000000000000000000000000c', 1738652400000, 'u-mama', '0a1f3c5e7b9d41f2a6c8e0b2d4f6a8c0', 'diaper_change', 1738560600000, 1);
INSERT INTO daily_actions (uid, svt, user_uid, baby_uid, type, start_millis, end_millis, duration, left_duration, right_duration, volume) VALUES ('d000000000000000000000000000000d', 1738652400000, 'u-mama', '0a1f3c5e7b9d41f2a6c8e0b2d4f6a8c0', 'pump', 1738562400000, 1738563600000, 1080000, 600000, 480000, 110.0);
INSERT INTO daily_actions (uid, svt, user_uid, baby_uid, type, start_millis, pee, poo) VALUES ('d000000000000000000000000000000e', 1738652400000, 'u-mama', '0a1f3c5e7b9d41f2a6c8e0b2d4f6a8c0', 'diaper_change', 1738569600000, 1, 1);
INSERT INTO daily_actions (uid, svt, user_uid, baby_uid, type, start_millis, group_uid, notes) VALUES ('d000000000000000000000000000000f', 1738652400000, 'u-mama', '0a1f3c5e7b9d41f2a6c8e0b2d4f6a8c0', 'vaccination', 1738573200000, 'g-dtap', 'Left thigh');
INSERT INTO daily_actions (uid, svt, user_uid, baby_uid, type, start_millis, end_millis, duration) VALUES ('d0000000000000000000000000000010', 1738652400000, 'u-mama', '0a1f3c5e7b9d41f2a6c8e0b2d4f6a8c0', 'tummy_time', 1738575000000, 1738575300000, 300000);
INSERT INTO daily_actions (uid, svt, user_uid, baby_uid, type, start_millis, group_uid, amount, amount_unit, reaction) VALUES ('d0000000000000000000000000000011', 1738652400000, 'u-mama', '0a1f3c5e7b9d41f2a6c8e0b2d4f6a8c0', 'food', 1738576800000, 'g-sweet-potato', 30.0, 'g', 'liked');
INSERT INTO daily_actions (uid, svt, user_uid, baby_uid, type, start_millis) VALUES ('d0000000000000000000000000000012', 1738652400000, 'u-mama', '0a1f3c5e7b9d41f2a6c8e0b2d4f6a8c0', 'diaper_change', 1738580400000);
INSERT INTO daily_actions (uid, svt, user_uid, baby_uid, type, start_millis, end_millis, duration) VALUES ('d0000000000000000000000000000013', 1738652400000, 'u-mama', '0a1f3c5e7b9d41f2a6c8e0b2d4f6a8c0', 'sleeping', 1738584000000, 1738589400000, 5400000);
INSERT INTO daily_actions (uid, svt, user_uid, baby_uid, type, start_millis, temperature) VALUES ('d0000000000000000000000000000014', 1738652400000, 'u-mama', '0a1f3c5e7b9d41f2a6c8e0b2d4f6a8c0', 'temperature', 1738590600000, 36.800000000000004);
INSERT INTO daily_actions (uid, svt, user_uid, baby_uid, type, start_millis, group_uid, amount, amount_unit) VALUES ('d0000000000000000000000000000015', 1738652400000, 'u-mama', '0a1f3c5e7b9d41f2a6c8e0b2d4f6a8c0', 'medicine', 1738591200000, 'g-paracetamol', 2.5, 'ml');
INSERT INTO daily_actions (uid, svt, user_uid, baby_uid, type, start_millis, group_uid, notes) VALUES ('d0000000000000000000000000000016', 1738652400000, 'u-mama', '0a1f3c5e7b9d41f2a6c8e0b2d4f6a8c0', 'symptom', 1738594800000, 'g-cough', 'Dry, at night');
INSERT INTO daily_actions (uid, svt, user_uid, baby_uid, type, start_millis, group_uid, volume) VALUES ('d0000000000000000000000000000017', 1738652400000, 'u-mama', '0a1f3c5e7b9d41f2a6c8e0b2d4f6a8c0', 'drink', 1738596600000, 'g-water', 20.0);
INSERT INTO daily_actions (uid, svt, user_uid, baby_uid, type, start_millis) VALUES ('d0000000000000000000000000000018', 1738652400000, 'u-mama', '0a1f3c5e7b9d41f2a6c8e0b2d4f6a8c0', 'potty', 1738598400000);
INSERT INTO daily_actions (uid, svt, user_uid, baby_uid, type, start_millis, duration) VALUES ('d0000000000000000000000000000019', 1738652400000, 'u-mama', '0a1f3c5e7b9d41f2a6c8e0b2d4f6a8c0', 'c9f0e1d2c3b4a5968778695a4b3c2d1e', 1738600200000, 600000);
INSERT INTO daily_actions (uid, svt, user_uid, baby_uid, type, start_millis, end_millis, duration, notes) VALUES ('d000000000000000000000000000002b', 1738652400000, 'u-mama', '0a1f3c5e7b9d41f2a6c8e0b2d4f6a8c0', 'crying', 1738603800000, 1738606500000, 2700000, 'Settled on the shoulder');
INSERT INTO daily_actions (uid, svt, user_uid, baby_uid, type, start_millis, duration) VALUES ('d000000000000000000000000000002c', 1738652400000, 'u-mama', '0a1f3c5e7b9d41f2a6c8e0b2d4f6a8c0', 'crying', 1738607400000, 1200000);
INSERT INTO daily_actions (uid, svt, user_uid, baby_uid, type, start_millis, temperature) VALUES ('d000000000000000000000000000001a', 1738652400000, 'u-mama', '0a1f3c5e7b9d41f2a6c8e0b2d4f6a8c0', 'temperature', 1738602000000, 38.4);
INSERT INTO daily_actions (uid, svt, user_uid, baby_uid, type, start_millis, in_progress) VALUES ('d000000000000000000000000000001b', 1738652400000, 'u-mama', '0a1f3c5e7b9d41f2a6c8e0b2d4f6a8c0', 'sleeping', 1738609200000, 1);
INSERT INTO daily_actions (uid, svt, user_uid, baby_uid, type, start_millis, poo) VALUES ('d000000000000000000000000000001e', 1738652400000, 'u-mama', '1b2e4d6f8a0c42e3b7d9f1c3e5a7b9d1', 'diaper_change', 1738566000000, 1);
INSERT INTO daily_actions (uid, svt, user_uid, baby_uid, type, start_millis, pee) VALUES ('d000000000000000000000000000001f', 1738652400000, 'u-mama', 'ffffffffffffffffffffffffffffffff', 'diaper_change', 1738566300000, 1);
INSERT INTO growth (uid, svt, baby_uid, date_millis, weight, height, head_size, notes) VALUES
  ('d0000000000000000000000000000028', 0, '0a1f3c5e7b9d41f2a6c8e0b2d4f6a8c0', 1738571400000, 4.35, 55.0, 0, 'Clinic scale');
INSERT INTO daily_notes (uid, baby_uid, date_millis, notes) VALUES ('d0000000000000000000000000000029', '0a1f3c5e7b9d41f2a6c8e0b2d4f6a8c0', 1738537200000, 'A calm day, **mostly**.');
INSERT INTO moments (uid, baby_uid, date_millis, description) VALUES ('d000000000000000000000000000002a', '0a1f3c5e7b9d41f2a6c8e0b2d4f6a8c0', 1738508400000, 'First smile');
