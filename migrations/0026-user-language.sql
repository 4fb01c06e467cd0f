-- The language a person uses Mailroom in (one of the web app's locales), so the bot and the
-- notifications speak it too. NULL until their first signed-in page load records it.
ALTER TABLE users ADD COLUMN locale TEXT;
