/* @name PreferenceChoices */
-- Prepared: the worker reads a customer's choices for every event it notifies of.
SELECT category, channel, enabled FROM notification_preferences
 WHERE user_id = :userId! AND (:category::text IS NULL OR category = :category);

/* @name RecordEvent */
-- Records the event unless it was recorded before and, on its first delivery only (and when
-- withNotification), inserts the notification, in one statement (NotificationEventReceiptRepository).
WITH receipt AS (
  INSERT INTO notification_event_receipts (event_id, event_type, received_at)
  VALUES (:eventId!, :eventType!, :receivedAt!)
  ON CONFLICT DO NOTHING RETURNING event_id
), inserted AS (
  INSERT INTO notifications (id, user_id, category, type, title, body, data, source_event_id, read_at, created_at)
  SELECT :notificationId::uuid, :userId::uuid, :category::varchar, :type::varchar, :title::varchar, :body::varchar,
         :data::jsonb, :sourceEventId::uuid, :readAt::timestamptz, :createdAt::timestamptz
    FROM receipt WHERE :withNotification!::boolean
  ON CONFLICT DO NOTHING RETURNING id
)
SELECT EXISTS (SELECT 1 FROM receipt) AS "first_delivery!", (SELECT id FROM inserted) AS notification_id;
