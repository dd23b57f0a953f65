// A throwaway OpenLDAP directory for tests: generates a slapd.conf (mdb backend in a temp dir), loads an
// LDIF with a read-only service account and some people via slapadd, runs `slapd -d 0` (foreground, no
// system service) on a free loopback port and removes everything on stop(). Used by vitest and Playwright,
// so it imports nothing test-runner specific. Needs the Debian packages `slapd` and `ldap-utils`
// (scripts/setup.sh installs them).
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const LDAP_SUFFIX = "dc=example,dc=test";
export const LDAP_PEOPLE = `ou=people,${LDAP_SUFFIX}`;
export const LDAP_SERVICE_DN = `cn=reader,${LDAP_SUFFIX}`;
export const LDAP_SERVICE_PASSWORD = "reader-secret";

export interface LdapPerson {
  uid: string;
  password: string;
  givenName: string;
  sn: string;
  mail: string;
}

/** The directory's people (uid, password, names, e-mail). */
export const LDAP_PEOPLE_FIXTURE: LdapPerson[] = [
  { uid: "ada", password: "Engine-1843", givenName: "Ada", sn: "Lovelace", mail: "ada.lovelace@example.test" },
  { uid: "grace", password: "Cobol-1959", givenName: "Grace", sn: "Hopper", mail: "grace.hopper@example.test" },
  { uid: "alan", password: "Enigma-1940", givenName: "Alan", sn: "Turing", mail: "alan.turing@example.test" },
  { uid: "edsger", password: "Shortest-1959", givenName: "Edsger", sn: "Dijkstra", mail: "edsger.dijkstra@example.test" },
  { uid: "barbara", password: "Liskov-1987", givenName: "Barbara", sn: "Liskov", mail: "barbara.liskov@example.test" },
  { uid: "margaret", password: "Apollo-1969", givenName: "Margaret", sn: "Hamilton", mail: "margaret.hamilton@example.test" },
];

export interface Slapd {
  url: string;
  port: number;
  stop(): Promise<void>;
}

const SLAPD = process.env.SLAPD_PATH || "/usr/sbin/slapd";
const SLAPADD = process.env.SLAPADD_PATH || "/usr/sbin/slapadd";

/** RFC 2307 salted SHA-1 (`{SSHA}`), which slapd verifies natively: no clear-text passwords in the directory. */
function ssha(password: string): string {
  const salt = randomBytes(8);
  const digest = createHash("sha1").update(password).update(salt).digest();
  return `{SSHA}${Buffer.concat([digest, salt]).toString("base64")}`;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

function ldif(people: LdapPerson[]): string {
  const entries = [
    `dn: ${LDAP_SUFFIX}\nobjectClass: dcObject\nobjectClass: organization\ndc: example\no: Example Test`,
    `dn: ${LDAP_SERVICE_DN}\nobjectClass: organizationalRole\nobjectClass: simpleSecurityObject\ncn: reader\nuserPassword: ${ssha(LDAP_SERVICE_PASSWORD)}`,
    `dn: ${LDAP_PEOPLE}\nobjectClass: organizationalUnit\nou: people`,
    ...people.map(
      (p) =>
        `dn: uid=${p.uid},${LDAP_PEOPLE}\nobjectClass: inetOrgPerson\nuid: ${p.uid}\ncn: ${p.givenName} ${p.sn}\n` +
        `givenName: ${p.givenName}\nsn: ${p.sn}\nmail: ${p.mail}\nuserPassword: ${ssha(p.password)}`,
    ),
  ];
  return `${entries.join("\n\n")}\n`;
}

function config(dir: string): string {
  const schema = ["core", "cosine", "inetorgperson", "nis"].map((s) => `include /etc/ldap/schema/${s}.schema`).join("\n");
  // Anonymous clients may only bind; the service account reads everything but passwords; people read themselves.
  return `${schema}
pidfile ${dir}/slapd.pid
argsfile ${dir}/slapd.args
modulepath /usr/lib/ldap
moduleload back_mdb
database mdb
maxsize 16777216
suffix "${LDAP_SUFFIX}"
rootdn "cn=admin,${LDAP_SUFFIX}"
rootpw ${ssha(randomBytes(12).toString("hex"))}
directory ${dir}/db
access to attrs=userPassword by self write by anonymous auth by * none
access to * by dn.exact="${LDAP_SERVICE_DN}" read by self read by * none
`;
}

async function waitForPort(port: number, child: ChildProcess, output: () => string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`slapd exited with ${child.exitCode}:\n${output()}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, "127.0.0.1");
      s.once("connect", () => {
        s.destroy();
        resolve(true);
      });
      s.once("error", () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`slapd did not listen on ${port}:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts a fresh directory with `people` (default: LDAP_PEOPLE_FIXTURE). Call stop() when done. */
export async function startSlapd(people: LdapPerson[] = LDAP_PEOPLE_FIXTURE): Promise<Slapd> {
  if (!fs.existsSync(SLAPD)) throw new Error(`${SLAPD} not found: install the Debian packages slapd and ldap-utils (scripts/setup.sh)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "docintel-slapd-"));
  fs.mkdirSync(path.join(dir, "db"));
  const conf = path.join(dir, "slapd.conf");
  fs.writeFileSync(conf, config(dir), { mode: 0o600 });
  fs.writeFileSync(path.join(dir, "data.ldif"), ldif(people));
  execFileSync(SLAPADD, ["-q", "-f", conf, "-l", path.join(dir, "data.ldif")], { stdio: "pipe" });

  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  let out = "";
  const child = spawn(SLAPD, ["-d", "0", "-f", conf, "-h", `${url}/`], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (out += d.toString()));
  try {
    await waitForPort(port, child, () => out);
  } catch (err) {
    child.kill("SIGKILL");
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url,
    port,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
