// The PostgreSQL adapter's placeholder numbering: `?` outside quotes becomes $1, $2…; TypeORM's own SQL is untouched.
import assert from 'node:assert/strict';
import { numberPlaceholders } from '../../../core/db/postgres-adapter.ts';

describe('numberPlaceholders', () => {
  it('numbers placeholders in order and leaves quoted question marks alone', () => {
    assert.equal(
      numberPlaceholders(`SELECT * FROM t WHERE a = ? AND b = 'why?' AND "odd?" IN (?, ?)`),
      `SELECT * FROM t WHERE a = $1 AND b = 'why?' AND "odd?" IN ($2, $3)`,
    );
    assert.equal(numberPlaceholders("SELECT 'it''s?', ?"), "SELECT 'it''s?', $1");
  });

  it('passes statements that already use $n, or have no placeholder, through unchanged', () => {
    assert.equal(numberPlaceholders('SELECT $1, ?'), 'SELECT $1, ?');
    assert.equal(numberPlaceholders('SELECT 1'), 'SELECT 1');
  });
});
