// The booking form's month in one statement (docs/product.md#month-calendar): for each date, whether
// the salon is closed and whether the search has a free start, with the rules of the day listing
// (domain/booking/slots.ts, visit.ts) written as SQL. Each rule below names the engine's line it
// stands for; tests/integration/month-days-listing.test.ts compares the two, day by day.
//
// How a start is checked without walking the engine's loops: per date, service and technician,
// the instants where a start may lie as a multirange ("ab": the window, the salon's open ranges
// and her own hours, each shortened by the duration, and the horizon), and her busy times as a
// multirange ("m": her bookings, from the ready-made multiranges of worker_busy_days (drizzle/0030)
// cut to the salon day, and holds by others). A start f fits when ab contains f and
// [f, f + duration + clean-up) misses m. Cutting to the day changes no answer: every start lies
// in the day, so a booking reaching past its end blocks it exactly when its part inside does.
import { type SQL, sql } from "drizzle-orm";
import { SALON_TIME_ZONE } from "../../domain/booking/time-zone";
import type { VisitRequestItem } from "../../domain/booking/visit-request";

const zone = sql.raw(`'${SALON_TIME_ZONE}'`);
const minute = sql.raw(`interval '1 minute'`);

/** "HH:MM" (an SQL text) as minutes after midnight. */
const mins = (value: SQL) =>
  sql`(split_part(${value}, ':', 1)::int * 60 + split_part(${value}, ':', 2)::int)`;

/** The instant the salon's clock shows `minutes` on `day` (resolveWallTime: a gap's time as standard time, a repeated time's first). */
const wallInstant = (day: SQL, minutes: SQL) =>
  sql`((${day} + ${minutes} * ${minute}) at time zone ${zone})`;

/**
 * A worker's busy multirange with the settings' clean-up after each booking: each of its ranges
 * ends `bufferMin` later (the same set as every booking's own range made longer).
 */
function extended(busy: SQL, bufferMin: number): SQL {
  if (bufferMin === 0) return busy;
  return sql`(select range_agg(tstzrange(lower(r), upper(r) + ${bufferMin}::int * ${minute}, '[)'))
    from unnest(${busy}) as r)`;
}

/** Everything the statement is handed. */
export interface MonthDaysParams {
  /** The first and last date to answer ("YYYY-MM-DD"). */
  first: string;
  last: string;
  now: Date;
  settings: { slotStepMin: number; minNoticeMin: number; horizonDays: number; bufferMin: number };
  /** The visitor's hold: theirs does not block them (activeHolds). */
  holder: string | undefined;
  /** The salon's week when the details row was never written (toClosedDaysOn). */
  seedHours: unknown;
  /** The services and add-ons to read as stored (UUIDs). */
  typeIds: readonly string[];
  /** The search, every id a UUID; none: closed days only. */
  items: readonly VisitRequestItem[];
  /** The availability version of the answer the caller keeps, if any: then no day is computed. */
  known: number | null;
  /** The UTC days whose availability versions stand for the month. */
  versionDays: { first: string; last: string };
}

/** The salon's dates: its open ranges ('Opening Hours' or the special hours added last), closed days. */
function salonDays(p: MonthDaysParams): SQL {
  const startOf = sql`x.r ->> 'start'`;
  const endOf = sql`x.r ->> 'end'`;
  return sql`days as (
    select g.x::date as day, to_char(g.x, 'YYYY-MM-DD') as iso, to_char(g.x, 'FMDay') as wd,
      g.x::date::timestamp at time zone ${zone} as day_start,
      (g.x::date + 1)::timestamp at time zone ${zone} as day_end
    from generate_series(${p.first}::timestamp, ${p.last}::timestamp, interval '1 day') as g(x)
  ),
  week as (
    select coalesce((select hours from site_details where id = 1), ${JSON.stringify(p.seedHours ?? {})}::jsonb) as hours
  ),
  salon as (
    select d.*, o.opens, o.closes, o.n, o.starts_at, o.ends_at,
      (o.n is null or exists (select 1 from closed_days c where c.date = d.iso and c.worker is null)) as closed
    from days d
    left join lateral (
      select sp.closed, sp.opens, sp.closes from special_hours sp
      where sp.from_date <= d.iso and sp.to_date >= d.iso
      order by sp.created_at desc limit 1
    ) sp on true
    left join lateral (
      select (array_agg(r.s order by x.i))[1] as opens, (array_agg(r.e order by x.i desc))[1] as closes,
        count(*) as n,
        array_agg(${wallInstant(sql`d.day`, sql`r.s`)} order by x.i) as starts_at,
        array_agg(${wallInstant(sql`d.day`, sql`r.e`)} order by x.i) as ends_at
      from jsonb_array_elements(case
        when sp.closed is null then (select hours from week) -> d.wd
        when sp.closed or sp.opens is null or sp.closes is null then '[]'::jsonb
        else jsonb_build_array(jsonb_build_object('start', sp.opens, 'end', sp.closes)) end)
        with ordinality as x(r, i)
      cross join lateral (select ${mins(startOf)} as s, ${mins(endOf)} as e) as r
      where r.s < r.e
      having count(*) > 0
    ) o on true
  )`;
}

/** Each service of the search with its add-ons as one block of work (withAddOns). */
function blocks(p: MonthDaysParams): SQL {
  const rows = p.items.map(
    (item, i) =>
      sql`(${sql.raw(String(i + 1))}, ${item.typeId}::uuid, ${`{${item.addOnIds.join(",")}}`}::uuid[], ${
        item.worker === "any" ? null : item.worker
      }::text)`,
  );
  const addOns = sql`unnest(i.add_ons) as x(id) join appointment_types a on a.id = x.id`;
  return sql`items(n, type_id, add_ons, worker) as (values ${sql.join(rows, sql`, `)}),
  blocks as materialized (
    select i.n, t.side_by_side as sbs, ${mins(sql`t.start_time`)} as start_min,
      ${mins(sql`t.end_time`)} as end_min,
      t.duration_min + coalesce((select sum(a.duration_min) from ${addOns}), 0) as dur_min,
      greatest(t.buffer_min, (select max(a.buffer_min) from ${addOns})) + ${p.settings.bufferMin}::int as after_min,
      array(select w from unnest(string_to_array(t.days_of_week, ',')) as w
        where not exists (select 1 from ${addOns}
          where not w = any(string_to_array(a.days_of_week, ',')))) as days,
      array(select w from unnest(t.workers) as w
        where (i.worker is null or w = i.worker)
          and not exists (select 1 from ${addOns} where not w = any(a.workers))) as workers
    from items i join appointment_types t on t.id = i.type_id
  )`;
}

/**
 * One date's plan per block (planDay) and candidate technicians (not off, working that weekday if
 * she has hours), each with the starts allowed her ("ab") and her busy times ("m").
 */
function dayCandidates(p: MonthDaysParams): SQL {
  const fits = (from: SQL, to: SQL) =>
    sql`case when ${from} <= ${to} - pl.dur then tstzrange(${from}, ${to} - pl.dur, '[]') end`;
  const allowed = (ranges: SQL) =>
    sql`coalesce((select range_agg(x.r) from (${ranges}) as x(r) where x.r is not null), '{}')`;
  const own = sql`select ${fits(
    wallInstant(sql`s.day`, mins(sql`(h.r ->> 'start')`)),
    wallInstant(sql`s.day`, mins(sql`(h.r ->> 'end')`)),
  )} from jsonb_array_elements(th.hours -> s.wd) as h(r)`;
  const horizon = sql`(${p.now.toISOString()}::timestamptz + ${p.settings.horizonDays}::int * interval '24 hours')`;
  const uses = sql`(select c.worker from cand c)`;
  return sql`plan as (
      select b.n, b.sbs, b.dur_min * ${minute} as dur, b.after_min * ${minute} as after,
        (b.dur_min + b.after_min) * ${minute} as occ,
        greatest(b.start_min, s.opens) as from_min, least(b.end_min, s.closes) as to_min,
        ${wallInstant(sql`s.day`, sql`greatest(b.start_min, s.opens)`)} as ws,
        ${wallInstant(sql`s.day`, sql`least(b.end_min, s.closes)`)} as we, b.workers
      from blocks b where s.wd = any(b.days)
    ),
    cand as (
      select pl.n, pl.sbs, pl.dur, pl.after, pl.occ, w.worker,
        case when pl.ws <= pl.we - pl.dur
          then tstzmultirange(tstzrange(pl.ws, pl.we - pl.dur, '[]') * tstzrange(null, ${horizon}, '()'))
          else '{}'::tstzmultirange end
        * case when s.n > 1 then ${allowed(
          sql`select ${fits(sql`u.a`, sql`u.b`)} from unnest(s.starts_at, s.ends_at) as u(a, b)`,
        )} else '{(,)}'::tstzmultirange end
        * case when th.hours is null then '{(,)}'::tstzmultirange else ${allowed(own)} end as ab
      from plan pl cross join lateral unnest(pl.workers) as w(worker)
      left join technicians th on th.name = w.worker and th.hours is not null
      where not exists (select 1 from closed_days c where c.date = s.iso and c.worker = w.worker)
        and (th.hours is null or (jsonb_typeof(th.hours -> s.wd) = 'array'
          and jsonb_array_length(th.hours -> s.wd) > 0))
    ),
    busy as materialized (
      select x.worker, ${extended(sql`range_agg(x.m)`, p.settings.bufferMin)} as m
      from (
        select b.worker, b.busy * tstzmultirange(tstzrange(s.day_start, s.day_end, '[)')) as m
        from worker_busy_days b
        where b.worker in ${uses}
          and b.day between (s.day_start at time zone 'UTC')::date and (s.day_end at time zone 'UTC')::date
        union all
        select h.worker, tstzmultirange(tstzrange(h.starts_at, h.ends_at, '[)')) from slot_holds h
        where h.worker in ${uses} and h.starts_at < s.day_end and h.ends_at > s.day_start
          and h.ends_at > h.starts_at and h.expires_at > ${p.now.toISOString()}::timestamptz
          and h.holder is distinct from ${p.holder ?? null}::text
      ) as x group by x.worker
    ),
    c as materialized (
      select cand.*, coalesce(busy.m, '{}') as m from cand left join busy using (worker)
    ),
    grid as (
      select r.t from plan pl
      cross join lateral generate_series(pl.from_min, pl.to_min - 1, ${p.settings.slotStepMin}::int) as g(minute)
      cross join lateral (select s.day + g.minute * ${minute} as wall) as w
      cross join lateral (select w.wall at time zone ${zone} as t) as r
      where pl.n = 1 and (r.t at time zone ${zone}) = w.wall
        and r.t >= ${p.now.toISOString()}::timestamptz + ${p.settings.minNoticeMin}::int * ${minute}
    )`;
}

/** Whether block `n`'s technician `c<n>` may start at `from` (arrange's checks). */
const fitsAt = (n: number, from: SQL) =>
  sql`c${sql.raw(String(n))}.ab @> ${from} and not (c${sql.raw(String(n))}.m && tstzrange(${from}, ${from} + c${sql.raw(String(n))}.occ, '[)'))`;

/**
 * Some start of the grid where every block fits (arrange): the first at the start; each next one
 * after all before it, or beside the one before when both may be done side by side (then by
 * another technician); a technician doing two waits for her own clean-up.
 */
function arrangement(count: number): SQL {
  // Nested EXISTS, one level per block: each level runs only for a placement of the blocks
  // before it that fits, and stops at its first fit, as arrange's search does.
  const third = sql`exists (select 1 from c c3
      cross join lateral (select greatest(p1.e, p2.e) as after) as a3
      cross join lateral unnest(case when c2.sbs and c3.sbs then array[f2.f, a3.after] else array[a3.after] end) as o3(opt)
      cross join lateral (select greatest(o3.opt,
        case when c3.worker = c1.worker then p1.bu end,
        case when c3.worker = c2.worker then p2.bu end) as f) as f3
      where c3.n = 3 and not (o3.opt <> a3.after and c3.worker in (c1.worker, c2.worker))
        and ${fitsAt(3, sql`f3.f`)})`;
  const second = sql`exists (select 1 from c c2
      cross join lateral unnest(case when c1.sbs and c2.sbs then array[g.t, p1.e] else array[p1.e] end) as o2(opt)
      cross join lateral (select case when c2.worker = c1.worker then greatest(o2.opt, p1.bu) else o2.opt end as f) as f2
      cross join lateral (select f2.f + c2.dur as e, f2.f + c2.dur + c2.after as bu) as p2
      where c2.n = 2 and not (o2.opt <> p1.e and c2.worker = c1.worker)
        and ${fitsAt(2, sql`f2.f`)} ${count >= 3 ? sql`and ${third}` : sql``})`;
  return sql`select 1 from grid g join c c1 on c1.n = 1 and ${fitsAt(1, sql`g.t`)}
    cross join lateral (select g.t + c1.dur as e, g.t + c1.dur + c1.after as bu) as p1
    ${count >= 2 ? sql`where ${second}` : sql``}`;
}

/**
 * The statement: the availability version of the month's days, the search's services as stored,
 * and, unless the version is `known`, each date with whether the salon is closed and whether the
 * search has a free start (null without a search).
 */
export function monthDaysStatement(p: MonthDaysParams): SQL {
  const count = p.items.length;
  const earliest = sql`(${p.now.toISOString()}::timestamptz + ${p.settings.minNoticeMin}::int * ${minute})`;
  const horizon = sql`(${p.now.toISOString()}::timestamptz + ${p.settings.horizonDays}::int * interval '24 hours')`;
  const free =
    count === 0
      ? sql`null::boolean`
      : sql`case when s.closed or s.day < (${earliest} at time zone ${zone})::date
            or s.day > (${horizon} at time zone ${zone})::date then false
          else (with ${dayCandidates(p)} select exists (${arrangement(count)})) end`;
  return sql`with version as (
      select coalesce(max(version), 0) as version from availability_versions
      where day between ${p.versionDays.first}::date and ${p.versionDays.last}::date or day = '-infinity'
    ),
    ${salonDays(p)}${count > 0 ? sql`, ${blocks(p)}` : sql``}
    select v.version,
      (select json_agg(json_build_object('id', t.id, 'days', t.days_of_week, 'workers', t.workers,
          'addOn', t.add_on))
        from appointment_types t where t.id = any(${`{${p.typeIds.join(",")}}`}::uuid[])) as types,
      case when v.version is distinct from ${p.known}::bigint then
        (select json_agg(json_build_object('date', s.iso, 'closed', s.closed, 'free', ${free}) order by s.day)
          from salon s) end as days
    from version v`;
}
