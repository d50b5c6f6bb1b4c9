/** The frame of the screens before the back office (sign-in, second factor, invitation): a card
 * centred on the brand's soft colour, with the screen's title. */
export function AuthScreen({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-brand-soft p-4">
      <div className="w-full max-w-sm rounded-xl bg-white p-6 shadow-lg">
        <h1 className="text-2xl font-extrabold text-brand-dark">{title}</h1>
        {children}
      </div>
    </main>
  );
}
