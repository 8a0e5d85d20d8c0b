/** Types generated for queries found in "src/modules/notifications/sql/notifications.sql" */
import { PreparedQuery } from '../../../platform/database/sql-query';

export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** 'PreferenceChoices' parameters type */
export interface PreferenceChoicesParams {
  category?: string | null | void;
  userId: string;
}

/** 'PreferenceChoices' return type */
export interface PreferenceChoicesResult {
  category: string;
  channel: string;
  enabled: boolean;
}

/** 'PreferenceChoices' query type */
export interface PreferenceChoicesQuery {
  params: PreferenceChoicesParams;
  result: PreferenceChoicesResult;
}

const preferenceChoicesIR: any = {"usedParamSet":{"userId":true,"category":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":164,"b":171}]},{"name":"category","required":false,"transform":{"type":"scalar"},"locs":[{"a":178,"b":186},{"a":216,"b":224}]}],"statement":"-- Prepared: the worker reads a customer's choices for every event it notifies of.\nSELECT category, channel, enabled FROM notification_preferences\n WHERE user_id = :userId! AND (:category::text IS NULL OR category = :category)"};

/**
 * Query generated from SQL:
 * ```
 * -- Prepared: the worker reads a customer's choices for every event it notifies of.
 * SELECT category, channel, enabled FROM notification_preferences
 *  WHERE user_id = :userId! AND (:category::text IS NULL OR category = :category)
 * ```
 */
export const preferenceChoices = new PreparedQuery<PreferenceChoicesParams,PreferenceChoicesResult>(preferenceChoicesIR);


/** 'RecordEvent' parameters type */
export interface RecordEventParams {
  body?: string | null | void;
  category?: string | null | void;
  createdAt?: DateOrString | null | void;
  data?: Json | null | void;
  eventId: string;
  eventType: string;
  notificationId?: string | null | void;
  readAt?: DateOrString | null | void;
  receivedAt: DateOrString;
  sourceEventId?: string | null | void;
  title?: string | null | void;
  type?: string | null | void;
  userId?: string | null | void;
  withNotification: boolean;
}

/** 'RecordEvent' return type */
export interface RecordEventResult {
  first_delivery: boolean;
  notification_id: string | null;
}

/** 'RecordEvent' query type */
export interface RecordEventQuery {
  params: RecordEventParams;
  result: RecordEventResult;
}

const recordEventIR: any = {"usedParamSet":{"eventId":true,"eventType":true,"receivedAt":true,"notificationId":true,"userId":true,"category":true,"type":true,"title":true,"body":true,"data":true,"sourceEventId":true,"readAt":true,"createdAt":true,"withNotification":true},"params":[{"name":"eventId","required":true,"transform":{"type":"scalar"},"locs":[{"a":302,"b":310}]},{"name":"eventType","required":true,"transform":{"type":"scalar"},"locs":[{"a":313,"b":323}]},{"name":"receivedAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":326,"b":337}]},{"name":"notificationId","required":false,"transform":{"type":"scalar"},"locs":[{"a":525,"b":539}]},{"name":"userId","required":false,"transform":{"type":"scalar"},"locs":[{"a":548,"b":554}]},{"name":"category","required":false,"transform":{"type":"scalar"},"locs":[{"a":563,"b":571}]},{"name":"type","required":false,"transform":{"type":"scalar"},"locs":[{"a":583,"b":587}]},{"name":"title","required":false,"transform":{"type":"scalar"},"locs":[{"a":599,"b":604}]},{"name":"body","required":false,"transform":{"type":"scalar"},"locs":[{"a":616,"b":620}]},{"name":"data","required":false,"transform":{"type":"scalar"},"locs":[{"a":641,"b":645}]},{"name":"sourceEventId","required":false,"transform":{"type":"scalar"},"locs":[{"a":655,"b":668}]},{"name":"readAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":677,"b":683}]},{"name":"createdAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":699,"b":708}]},{"name":"withNotification","required":true,"transform":{"type":"scalar"},"locs":[{"a":746,"b":763}]}],"statement":"-- Records the event unless it was recorded before and, on its first delivery only (and when\n-- withNotification), inserts the notification, in one statement (NotificationEventReceiptRepository).\nWITH receipt AS (\n  INSERT INTO notification_event_receipts (event_id, event_type, received_at)\n  VALUES (:eventId!, :eventType!, :receivedAt!)\n  ON CONFLICT DO NOTHING RETURNING event_id\n), inserted AS (\n  INSERT INTO notifications (id, user_id, category, type, title, body, data, source_event_id, read_at, created_at)\n  SELECT :notificationId::uuid, :userId::uuid, :category::varchar, :type::varchar, :title::varchar, :body::varchar,\n         :data::jsonb, :sourceEventId::uuid, :readAt::timestamptz, :createdAt::timestamptz\n    FROM receipt WHERE :withNotification!::boolean\n  ON CONFLICT DO NOTHING RETURNING id\n)\nSELECT EXISTS (SELECT 1 FROM receipt) AS \"first_delivery!\", (SELECT id FROM inserted) AS notification_id"};

/**
 * Query generated from SQL:
 * ```
 * -- Records the event unless it was recorded before and, on its first delivery only (and when
 * -- withNotification), inserts the notification, in one statement (NotificationEventReceiptRepository).
 * WITH receipt AS (
 *   INSERT INTO notification_event_receipts (event_id, event_type, received_at)
 *   VALUES (:eventId!, :eventType!, :receivedAt!)
 *   ON CONFLICT DO NOTHING RETURNING event_id
 * ), inserted AS (
 *   INSERT INTO notifications (id, user_id, category, type, title, body, data, source_event_id, read_at, created_at)
 *   SELECT :notificationId::uuid, :userId::uuid, :category::varchar, :type::varchar, :title::varchar, :body::varchar,
 *          :data::jsonb, :sourceEventId::uuid, :readAt::timestamptz, :createdAt::timestamptz
 *     FROM receipt WHERE :withNotification!::boolean
 *   ON CONFLICT DO NOTHING RETURNING id
 * )
 * SELECT EXISTS (SELECT 1 FROM receipt) AS "first_delivery!", (SELECT id FROM inserted) AS notification_id
 * ```
 */
export const recordEvent = new PreparedQuery<RecordEventParams,RecordEventResult>(recordEventIR);


