// Entry point of the admin UI: defines every element; index.html places <quorra-app>.
import './components/quorra-app.ts';
