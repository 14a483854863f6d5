/**
 * `npm run officer:create`: makes an officer in any mode, e.g. the first administrator of a
 * production database. Flags, or prompts for what is missing:
 *   npm run officer:create -- --username ebi.admin --email ebi@birs.gov.ng --first-name Ebi \
 *     --surname Owei --phone 08030000000 --user-type ADMIN
 * The password is prompted for (not echoed), or read from OFFICER_PASSWORD for scripts.
 */
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { passwordProblem } from '../../shared/auth';
import { USER_TYPES, UserTypeSchema } from '../../shared/userTypes';
import { systemActor } from '../auth/actor';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open';
import { AppError } from '../errors';
import { createOfficerService } from '../modules/officers/service';

const { values } = parseArgs({
  options: {
    username: { type: 'string' },
    email: { type: 'string' },
    'first-name': { type: 'string' },
    surname: { type: 'string' },
    phone: { type: 'string' },
    'user-type': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  console.log(`Usage: npm run officer:create -- [--username U] [--email E] [--first-name F] [--surname S]
       [--phone P] [--user-type ${USER_TYPES.join('|')}]
Missing values are asked for. The password is asked for, or read from OFFICER_PASSWORD.`);
  process.exit(0);
}

const interactive = process.stdin.isTTY === true;

/** stdout that can be muted while a password is typed: readline echoes through it in raw mode. */
class MutableOutput extends Writable {
  muted = false;
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
    if (!this.muted) process.stdout.write(chunk);
    done();
  }
}
const output = new MutableOutput();
const rl = createInterface({ input: process.stdin, output, terminal: interactive });

async function ask(label: string, given: string | undefined): Promise<string> {
  if (given?.trim()) return given.trim();
  if (!interactive)
    throw new Error(
      `--${label.toLowerCase().replaceAll(' ', '-')} is required when not run in a terminal`,
    );
  for (;;) {
    const answer = (await rl.question(`${label}: `)).trim();
    if (answer) return answer;
  }
}

async function askPassword(username: string): Promise<string> {
  const fromEnv = process.env.OFFICER_PASSWORD;
  if (fromEnv) {
    const problem = passwordProblem(fromEnv, username);
    if (problem) throw new Error(`OFFICER_PASSWORD: ${problem}`);
    return fromEnv;
  }
  if (!interactive) throw new Error('Set OFFICER_PASSWORD when not run in a terminal');
  for (;;) {
    const password = await hiddenQuestion('Temporary password (not shown): ');
    const problem = passwordProblem(password, username);
    if (problem) {
      console.log(problem);
      continue;
    }
    if ((await hiddenQuestion('Once more: ')) === password) return password;
    console.log('The two passwords differ; try again.');
  }
}

/** Reads a line without echoing it: the password must not stay on the screen or in scrollback. */
async function hiddenQuestion(prompt: string): Promise<string> {
  process.stdout.write(prompt);
  output.muted = true;
  try {
    return await rl.question('');
  } finally {
    output.muted = false;
    process.stdout.write('\n');
  }
}

async function main() {
  const username = await ask('Username', values.username);
  const email = await ask('E-mail', values.email);
  const firstName = await ask('First name', values['first-name']);
  const surname = await ask('Surname', values.surname);
  const phoneNumber = await ask('Phone', values.phone);
  const userType = UserTypeSchema.parse(
    (await ask(`User type (${USER_TYPES.join(', ')})`, values['user-type'])).toUpperCase(),
  );
  const password = await askPassword(username);
  rl.close();

  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    const officer = await createOfficerService({ db: database.db }).createOfficer(
      systemActor('cli'),
      {
        username,
        email,
        firstName,
        surname,
        phoneNumber,
        userType,
        password,
      },
    );
    console.log(
      `Created ${officer.userType} ${officer.username} (Officer ID ${officer.officerId}).`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  rl.close();
  console.error(err instanceof AppError || err instanceof Error ? err.message : err);
  process.exit(1);
});
