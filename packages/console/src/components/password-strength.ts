export interface Strength {
  score: number;
  label: string;
  hint: string;
}

// A rough estimate from length and variety; enough to steer people away from short, one-class
// passwords without pretending to be a cracking model.
export function passwordStrength(password: string): Strength {
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  const repeated = /(.)\1{2,}/.test(password);
  let score = Math.min(60, password.length * 4) + classes * 10;
  if (repeated) score -= 15;
  if (password.length < 8) score = Math.min(score, 25);
  score = Math.max(0, Math.min(100, score));
  if (password.length < 8) return { score, label: 'Too short', hint: 'Use at least 8 characters.' };
  if (score < 40) return { score, label: 'Weak', hint: 'Add length, or mix letters, digits and symbols.' };
  if (score < 70) return { score, label: 'Fair', hint: 'A few more characters would make it strong.' };
  return { score, label: 'Strong', hint: 'Good choice.' };
}
