/** Types generated for queries found in "src/modules/merchants/events/sql/merchant-events.sql" */
import { PreparedQuery } from '../../../../platform/database/sql-query';

export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

/** 'LockEventSequence' parameters type */
export interface LockEventSequenceParams {
  livemode: boolean;
  merchantId: string;
}

/** 'LockEventSequence' return type */
export interface LockEventSequenceResult {
  last_seq: string;
}

/** 'LockEventSequence' query type */
export interface LockEventSequenceQuery {
  params: LockEventSequenceParams;
  result: LockEventSequenceResult;
}

const lockEventSequenceIR: any = {"usedParamSet":{"merchantId":true,"livemode":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":279,"b":290}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":293,"b":302}]}],"statement":"-- The merchant's sequence in this mode, made at 0 the first time, locked until the transaction ends\n-- (DO UPDATE locks the row it finds): events of one merchant and mode are recorded one at a time.\nINSERT INTO merchant_event_sequences (merchant_id, livemode, last_seq)\nVALUES (:merchantId!, :livemode!, 0)\nON CONFLICT (merchant_id, livemode) DO UPDATE SET last_seq = merchant_event_sequences.last_seq\nRETURNING last_seq"};

/**
 * Query generated from SQL:
 * ```
 * -- The merchant's sequence in this mode, made at 0 the first time, locked until the transaction ends
 * -- (DO UPDATE locks the row it finds): events of one merchant and mode are recorded one at a time.
 * INSERT INTO merchant_event_sequences (merchant_id, livemode, last_seq)
 * VALUES (:merchantId!, :livemode!, 0)
 * ON CONFLICT (merchant_id, livemode) DO UPDATE SET last_seq = merchant_event_sequences.last_seq
 * RETURNING last_seq
 * ```
 */
export const lockEventSequence = new PreparedQuery<LockEventSequenceParams,LockEventSequenceResult>(lockEventSequenceIR);


/** 'RecordedEvent' parameters type */
export interface RecordedEventParams {
  id: string;
}

/** 'RecordedEvent' return type */
export interface RecordedEventResult {
  body: string | null;
  created_at: Date;
  id: string;
  livemode: boolean;
  merchant_id: string;
  seq: string;
  type: string;
}

/** 'RecordedEvent' query type */
export interface RecordedEventQuery {
  params: RecordedEventParams;
  result: RecordedEventResult;
}

const recordedEventIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":193,"b":196}]}],"statement":"-- An event already recorded (a redelivered outbox event), as streams send it.\nSELECT id, merchant_id, livemode, seq, type, payload::text AS body, created_at\n  FROM merchant_events\n WHERE id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * -- An event already recorded (a redelivered outbox event), as streams send it.
 * SELECT id, merchant_id, livemode, seq, type, payload::text AS body, created_at
 *   FROM merchant_events
 *  WHERE id = :id!
 * ```
 */
export const recordedEvent = new PreparedQuery<RecordedEventParams,RecordedEventResult>(recordedEventIR);


/** 'InsertEvent' parameters type */
export interface InsertEventParams {
  createdAt: DateOrString;
  id: string;
  livemode: boolean;
  merchantId: string;
  payload: Json;
  type: string;
}

/** 'InsertEvent' return type */
export interface InsertEventResult {
  body: string | null;
  created_at: Date;
  id: string;
  livemode: boolean;
  merchant_id: string;
  seq: string;
  type: string;
}

/** 'InsertEvent' query type */
export interface InsertEventQuery {
  params: InsertEventParams;
  result: InsertEventResult;
}

const insertEventIR: any = {"usedParamSet":{"merchantId":true,"livemode":true,"id":true,"type":true,"payload":true,"createdAt":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":191,"b":202},{"a":354,"b":365}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":219,"b":228},{"a":368,"b":377}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":348,"b":351}]},{"name":"type","required":true,"transform":{"type":"scalar"},"locs":[{"a":395,"b":400}]},{"name":"payload","required":true,"transform":{"type":"scalar"},"locs":[{"a":403,"b":411}]},{"name":"createdAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":421,"b":431}]}],"statement":"-- The next number of the (locked) sequence and the event under it, in one statement.\nWITH next AS (\n  UPDATE merchant_event_sequences\n     SET last_seq = last_seq + 1\n   WHERE merchant_id = :merchantId! AND livemode = :livemode!\n  RETURNING last_seq\n)\nINSERT INTO merchant_events (id, merchant_id, livemode, seq, type, payload, created_at)\nSELECT :id!, :merchantId!, :livemode!, next.last_seq, :type!, :payload!::jsonb, :createdAt!\n  FROM next\nRETURNING id, merchant_id, livemode, seq, type, payload::text AS body, created_at"};

/**
 * Query generated from SQL:
 * ```
 * -- The next number of the (locked) sequence and the event under it, in one statement.
 * WITH next AS (
 *   UPDATE merchant_event_sequences
 *      SET last_seq = last_seq + 1
 *    WHERE merchant_id = :merchantId! AND livemode = :livemode!
 *   RETURNING last_seq
 * )
 * INSERT INTO merchant_events (id, merchant_id, livemode, seq, type, payload, created_at)
 * SELECT :id!, :merchantId!, :livemode!, next.last_seq, :type!, :payload!::jsonb, :createdAt!
 *   FROM next
 * RETURNING id, merchant_id, livemode, seq, type, payload::text AS body, created_at
 * ```
 */
export const insertEvent = new PreparedQuery<InsertEventParams,InsertEventResult>(insertEventIR);


/** 'EventPosition' parameters type */
export interface EventPositionParams {
  id: string;
  livemode: boolean;
  merchantId: string;
}

/** 'EventPosition' return type */
export interface EventPositionResult {
  created_at: Date;
  seq: string;
}

/** 'EventPosition' query type */
export interface EventPositionQuery {
  params: EventPositionParams;
  result: EventPositionResult;
}

const eventPositionIR: any = {"usedParamSet":{"id":true,"merchantId":true,"livemode":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":166,"b":169}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":189,"b":200}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":217,"b":226}]}],"statement":"-- Where a stream resumes after `Last-Event-ID`: the event's number, if it is this merchant's in this mode.\nSELECT seq, created_at\n  FROM merchant_events\n WHERE id = :id! AND merchant_id = :merchantId! AND livemode = :livemode!"};

/**
 * Query generated from SQL:
 * ```
 * -- Where a stream resumes after `Last-Event-ID`: the event's number, if it is this merchant's in this mode.
 * SELECT seq, created_at
 *   FROM merchant_events
 *  WHERE id = :id! AND merchant_id = :merchantId! AND livemode = :livemode!
 * ```
 */
export const eventPosition = new PreparedQuery<EventPositionParams,EventPositionResult>(eventPositionIR);


/** 'LastEventSeq' parameters type */
export interface LastEventSeqParams {
  livemode: boolean;
  merchantId: string;
}

/** 'LastEventSeq' return type */
export interface LastEventSeqResult {
  last_seq: string;
}

/** 'LastEventSeq' query type */
export interface LastEventSeqQuery {
  params: LastEventSeqParams;
  result: LastEventSeqResult;
}

const lastEventSeqIR: any = {"usedParamSet":{"merchantId":true,"livemode":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":147,"b":158}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":175,"b":184}]}],"statement":"-- The number of the merchant's latest event in this mode (none yet: no row).\nSELECT last_seq\n  FROM merchant_event_sequences\n WHERE merchant_id = :merchantId! AND livemode = :livemode!"};

/**
 * Query generated from SQL:
 * ```
 * -- The number of the merchant's latest event in this mode (none yet: no row).
 * SELECT last_seq
 *   FROM merchant_event_sequences
 *  WHERE merchant_id = :merchantId! AND livemode = :livemode!
 * ```
 */
export const lastEventSeq = new PreparedQuery<LastEventSeqParams,LastEventSeqResult>(lastEventSeqIR);


/** 'EventsAfter' parameters type */
export interface EventsAfterParams {
  afterSeq: NumberOrString;
  limit: NumberOrString;
  livemode: boolean;
  merchantId: string;
}

/** 'EventsAfter' return type */
export interface EventsAfterResult {
  body: string | null;
  created_at: Date;
  id: string;
  seq: string;
  type: string;
}

/** 'EventsAfter' query type */
export interface EventsAfterQuery {
  params: EventsAfterParams;
  result: EventsAfterResult;
}

const eventsAfterIR: any = {"usedParamSet":{"merchantId":true,"livemode":true,"afterSeq":true,"limit":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":192,"b":203}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":220,"b":229}]},{"name":"afterSeq","required":true,"transform":{"type":"scalar"},"locs":[{"a":241,"b":250}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":273,"b":279}]}],"statement":"-- The events a stream has not sent yet, in order; by the (merchant_id, livemode, seq) key.\nSELECT id, seq, type, payload::text AS body, created_at\n  FROM merchant_events\n WHERE merchant_id = :merchantId! AND livemode = :livemode! AND seq > :afterSeq!\n ORDER BY seq\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * -- The events a stream has not sent yet, in order; by the (merchant_id, livemode, seq) key.
 * SELECT id, seq, type, payload::text AS body, created_at
 *   FROM merchant_events
 *  WHERE merchant_id = :merchantId! AND livemode = :livemode! AND seq > :afterSeq!
 *  ORDER BY seq
 *  LIMIT :limit!
 * ```
 */
export const eventsAfter = new PreparedQuery<EventsAfterParams,EventsAfterResult>(eventsAfterIR);


/** 'PurgeStreamEventsBefore' parameters type */
export interface PurgeStreamEventsBeforeParams {
  before: DateOrString;
  limit: NumberOrString;
}

/** 'PurgeStreamEventsBefore' return type */
export interface PurgeStreamEventsBeforeResult {
  id: string;
}

/** 'PurgeStreamEventsBefore' query type */
export interface PurgeStreamEventsBeforeQuery {
  params: PurgeStreamEventsBeforeParams;
  result: PurgeStreamEventsBeforeResult;
}

const purgeStreamEventsBeforeIR: any = {"usedParamSet":{"before":true,"limit":true},"params":[{"name":"before","required":true,"transform":{"type":"scalar"},"locs":[{"a":193,"b":200}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":228,"b":234}]}],"statement":"-- Past the retention window, a batch at a time (the sequences stay: numbers are never given twice).\nDELETE FROM merchant_events\n WHERE id IN (SELECT id FROM merchant_events WHERE created_at < :before! ORDER BY created_at LIMIT :limit!)\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * -- Past the retention window, a batch at a time (the sequences stay: numbers are never given twice).
 * DELETE FROM merchant_events
 *  WHERE id IN (SELECT id FROM merchant_events WHERE created_at < :before! ORDER BY created_at LIMIT :limit!)
 * RETURNING id
 * ```
 */
export const purgeStreamEventsBefore = new PreparedQuery<PurgeStreamEventsBeforeParams,PurgeStreamEventsBeforeResult>(purgeStreamEventsBeforeIR);


