import { FormAlert } from '@/components/ui/form-alert';

/** The validation messages of a condition dialog, one per line, announced as an alert. */
export function ConditionProblems({ problems }: { problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <FormAlert>
      <ul className="flex flex-col gap-1">
        {problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </FormAlert>
  );
}
