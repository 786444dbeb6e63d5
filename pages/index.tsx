import { HomeView } from '@/features/home/components/home-view';

/** `/`: Home, where a signed-in user lands (the guard sends everyone else to /sign-in). */
export default function HomePage() {
  return <HomeView />;
}
