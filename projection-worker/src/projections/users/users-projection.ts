import { approvedEmailPersonalSchema, userPersonalDataSchema } from '@campus/contracts';
import type { Projection } from '../../projector/projection';

/** read.users and read.approved_emails. Personal fields are opened from their sealed blobs. */
export const usersProjection: Projection = {
  name: 'users',
  async apply(client, events, { vault }) {
    for (const { event, recorded } of events) {
      switch (event.type) {
        case 'UserRegistered': {
          const d = event.data;
          const personal = await vault.open(d.personal, userPersonalDataSchema);
          await client.query(
            `INSERT INTO read.users (id, email_hash, first_name, last_name, email, phone, gender, birthday,
                admin, graduation_year, academic_level, major, car_seats, registration_date, erased)
             VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15)
             ON CONFLICT (id) DO NOTHING`,
            [
              d.userId,
              d.emailHash,
              personal?.firstName ?? null,
              personal?.lastName ?? null,
              personal?.email ?? null,
              personal?.phone ?? null,
              personal?.gender ?? null,
              personal?.birthday ?? null,
              d.admin,
              d.graduationYear,
              d.academicLevel,
              d.major,
              d.carSeats,
              d.registeredAt,
              personal === null,
            ],
          );
          break;
        }
        case 'AdminGranted':
          await client.query('UPDATE read.users SET admin = true WHERE id = $1', [
            event.data.userId,
          ]);
          break;
        case 'ApprovedEmailAdded': {
          const personal = await vault.open(event.data.personal, approvedEmailPersonalSchema);
          await client.query(
            `INSERT INTO read.approved_emails (email_hash, email, added_at) VALUES ($1, $2, $3)
             ON CONFLICT (email_hash) DO NOTHING`,
            [event.data.emailHash, personal?.email ?? null, recorded.recordedAt],
          );
          break;
        }
        default:
          // Other events belong to other projections.
          break;
      }
    }
  },
};
