import { labelTokens, buildFields, scoreLabel } from "@/lib/models/extraction/local/fields";
const f = buildFields({ type: "object", properties: { vendor_email: { type: "string", format: "email" } } });
console.log(f[0].concept, f[0].phrases.length, f[0].phrases.slice(0,5));
console.log(scoreLabel(labelTokens("E-Mail"), f[0]));
