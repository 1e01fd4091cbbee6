import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../testing/fixtures-dir';
import { eventsOf, phoneNumberIdsOf } from './payload';

const fixture = (name: string) => JSON.parse(readFileSync(fixturePath('whatsapp', name), 'utf8')) as unknown;

describe('WhatsApp webhook deliveries', () => {
  it("reads a text message with the sender's number and profile name (fixture 01)", () => {
    const json = fixture('01_incoming_text_meta_docs.json');
    expect(eventsOf(json)).toEqual([
      {
        kind: 'message',
        phoneNumberId: '106540352242922',
        messageId: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=',
        from: '+16505551234',
        userId: null,
        profileName: 'Sheena Nelson',
        at: new Date(1749416383 * 1000),
        type: 'text',
        text: 'Does it come in another color?',
      },
    ]);
    expect(phoneNumberIdsOf(json)).toEqual(['106540352242922']);
  });

  it('reads status callbacks as delivery states, never as messages (fixtures 02 and 03)', () => {
    const sent = eventsOf(fixture('02_status_sent_real_capture.json'));
    const read = eventsOf(fixture('03_status_read_real_capture_no_delivered.json'));
    expect(sent).toEqual([
      {
        kind: 'status',
        phoneNumberId: '122217517640926',
        messageId: 'wamid.HBgMOTE5MDk2MDUzOTcwFQIAERgSMDhFNzkzQ0QzQUMzQTVGQjA2AA==',
        status: 'sent',
        recipient: '+15550002222',
        at: new Date(1698903217 * 1000),
        error: null,
      },
    ]);
    // "read" may come without "delivered" before it.
    expect(read.map((event) => [event.kind, event.messageId, 'status' in event && event.status])).toEqual([
      ['status', sent[0]!.messageId, 'read'],
    ]);
  });

  it('reads a sender known only by a business-scoped user id, without a number (fixture 04)', () => {
    const json = fixture('04_incoming_text_bsuid_only_no_phone_chatwoot_spec.json');
    expect(eventsOf(json)).toEqual([
      {
        kind: 'message',
        phoneNumberId: null,
        messageId: 'wamid.cloud-bsuid-only-message',
        from: null,
        userId: 'IN.2081978709342942',
        profileName: 'Muhsin',
        at: new Date(1778579582 * 1000),
        type: 'text',
        text: 'testing bsuid',
      },
    ]);
    expect(phoneNumberIdsOf(json)).toEqual([]);
  });

  it('reads media as messages without text, and anything else as no events', () => {
    const image = {
      entry: [
        {
          changes: [
            {
              value: {
                metadata: { phone_number_id: '1' },
                messages: [{ id: 'wamid.img', from: '34612345678', type: 'image', image: { id: 'media' } }],
              },
            },
          ],
        },
      ],
    };
    expect(eventsOf(image)).toMatchObject([
      { kind: 'message', type: 'image', text: null, from: '+34612345678' },
    ]);
    for (const junk of [
      null,
      'text',
      42,
      {},
      { entry: 'x' },
      { entry: [{ changes: [{ value: { messages: [{}] } }] }] },
    ])
      expect(eventsOf(junk)).toEqual([]);
  });
});
